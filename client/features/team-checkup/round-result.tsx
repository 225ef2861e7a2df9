import { clsx } from 'clsx';
import { Printer } from 'lucide-react';
import { gradeLabels } from '#shared/checkup/grading';
import { type Pillar, pillarInfo, pillars, questions } from '#shared/checkup/questions';
import { type PillarFigure, respondentRoleLabels, type RoundFigures, type RoundResultView } from '#shared/team-checkup/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useSiteDates } from '../site/use-site-dates';
import { agreementText, basedOnText, heldBackText, neededText, rolesWithheldText, waitingText } from './result-texts';

const statementText = (id: number) => questions.find((question) => question.id === id)?.text ?? `Statement ${id}`;
const th = 'py-2 pr-2 text-left font-semibold text-stone-800';
const td = 'py-2 pr-2 align-top text-stone-900';

/**
 * A round's result (the organisation's picture from several people): per pillar the mean health
 * and how far apart the answers are, in words; the statements to talk about first; roles side by
 * side where allowed; beside the previous round and peers. Every chart has a real table beside it.
 * `data-print-page` turns on the print stylesheet (styles.css): black on white, no site header or
 * buttons, rows never cut across pages.
 */
export function RoundResult({ result }: { result: RoundResultView }) {
  const dates = useSiteDates();
  const { figures } = result;
  return (
    <div data-print-page className="mx-auto grid max-w-5xl gap-8 px-4 py-10 print:max-w-none print:py-0">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Team Check-Up result</p>
          <h1 className="mt-2 break-words font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{result.name}</h1>
          <p className="mt-2 text-stone-700">
            {result.status === 'open' ? `Open until the end of ${dates.long(result.closesAt)}` : `Closed ${dates.long(result.closedAt ?? result.closesAt)}`}
          </p>
        </div>
        {figures && (
          <Button variant="outline" onClick={() => window.print()} className="print:hidden">
            <Printer className="h-4 w-4" aria-hidden="true" />
            Print
          </Button>
        )}
      </div>
      {figures ? <Figures result={result} figures={figures} /> : <NotYet needed={result.needed} />}
    </div>
  );
}

function NotYet({ needed }: { needed: number }) {
  return (
    <Card>
      <p className="text-lg font-semibold text-stone-900" data-testid="result-needed">
        {needed > 0 ? neededText(needed) : heldBackText}
      </p>
      <p className="mt-2 text-stone-700">No figure is shown for fewer than 3 people, so that nobody&apos;s answers can be worked out.</p>
    </Card>
  );
}

function Figures({ result, figures }: { result: RoundResultView; figures: RoundFigures }) {
  const dates = useSiteDates();
  const { overall } = figures;
  return (
    <>
      <div className="grid gap-1">
        <p className="font-semibold text-stone-900" data-testid="result-based-on">
          {basedOnText(figures.respondents)}, as of {dates.long(figures.asOf)}.
        </p>
        {result.waiting > 0 && (
          <p className="text-stone-700" data-testid="result-waiting">
            {waitingText(result.waiting)}
          </p>
        )}
      </div>

      <section aria-labelledby="team-pillars" className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] print:grid-cols-1">
        <Card className="flex flex-col items-center justify-center text-center">
          <h2 id="team-overall" className="text-sm font-semibold uppercase tracking-wide text-stone-700">
            The organisation overall
          </h2>
          <p className="mt-2 font-serif text-7xl font-bold leading-none text-brand-800">{overall.grade}</p>
          <p className="mt-3 font-serif text-xl font-semibold text-stone-900">{gradeLabels[overall.grade]}</p>
          <p className="mt-1 text-stone-700">Mean health score {overall.mean}%</p>
        </Card>
        <Card className="grid gap-4">
          <h2 id="team-pillars" className="font-serif text-xl font-semibold">
            The five pillars
          </h2>
          <PillarBars figures={figures.pillars} />
          <PillarTable figures={figures.pillars} />
        </Card>
      </section>

      {(result.previous || result.peers) && <Comparison result={result} figures={figures} />}

      <TalkFirst figures={figures} />

      {(figures.roles.length > 0 || figures.rolesWithheld) && <Roles figures={figures} />}

      <section aria-labelledby="all-statements">
        <Card>
          <h2 id="all-statements" className="font-serif text-xl font-semibold">
            Every statement
          </h2>
          <p className="mt-1 text-sm text-stone-700">The average answer from 1 (not true at all) to 4 (totally true): a higher answer means more trouble.</p>
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Every statement: the average answer and how far apart the answers are</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className={th}>
                  Statement
                </th>
                <th scope="col" className={clsx(th, 'text-right')}>
                  Average
                </th>
                <th scope="col" className={th + ' pl-2'}>
                  Answers
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.statements.map((statement) => (
                <tr key={statement.questionId} className="border-b border-stone-200 last:border-0" data-statement={statement.questionId}>
                  <td className={td}>
                    {statementText(statement.questionId)}
                    <span className="block text-xs text-stone-600">{pillarInfo[statement.pillar].name}</span>
                  </td>
                  <td className={clsx(td, 'text-right tabular-nums')}>{statement.mean.toFixed(1)}</td>
                  <td className={clsx(td, 'pl-2')}>{agreementText(statement.agreement)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </section>
    </>
  );
}

/** Each pillar's mean as a bar and the spread (one standard deviation each side) as a band around its end; the table beside says the same. */
function PillarBars({ figures }: { figures: PillarFigure[] }) {
  return (
    <figure aria-hidden="true" className="grid gap-3">
      {figures.map((figure) => (
        <div key={figure.pillar} className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-3 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
          <span className="font-semibold text-stone-900">{pillarInfo[figure.pillar].name}</span>
          <div className="relative h-4 rounded-full bg-stone-200" data-bar-track>
            <div className="absolute inset-y-0 left-0 rounded-full bg-brand-700" data-bar style={{ width: `${Math.max(figure.mean, 2)}%` }} />
            <div
              className="absolute -inset-y-1 rounded border-2 border-stone-900/70"
              data-bar-spread
              style={{
                left: `${Math.max(figure.mean - figure.spread, 0)}%`,
                width: `${Math.min(figure.mean + figure.spread, 100) - Math.max(figure.mean - figure.spread, 0)}%`,
              }}
            />
          </div>
        </div>
      ))}
      <figcaption className="text-xs text-stone-700">The bar is the mean health score; the box around its end spans most people&apos;s answers.</figcaption>
    </figure>
  );
}

function PillarTable({ figures }: { figures: PillarFigure[] }) {
  return (
    <table className="w-full text-sm" data-testid="pillar-table">
      <caption className="sr-only">Health score by pillar: the mean of everyone counted, and how far apart their answers are</caption>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col" className={th}>
            Pillar
          </th>
          <th scope="col" className={clsx(th, 'text-right')}>
            Mean
          </th>
          <th scope="col" className={th + ' pl-2'}>
            How far apart
          </th>
        </tr>
      </thead>
      <tbody>
        {figures.map((figure) => (
          <tr key={figure.pillar} className="border-b border-stone-200 last:border-0" data-team-pillar={figure.pillar}>
            <th scope="row" className={clsx(td, 'text-left font-semibold')}>
              {pillarInfo[figure.pillar].name}
            </th>
            <td className={clsx(td, 'text-right tabular-nums')}>{figure.mean}%</td>
            <td className={clsx(td, 'pl-2')}>
              {agreementText(figure.agreement)}
              <span className="block text-xs text-stone-600">± {figure.spread} points</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** This round beside the team's previous one and the peers' median, pillar by pillar. */
function Comparison({ result, figures }: { result: RoundResultView; figures: RoundFigures }) {
  const dates = useSiteDates();
  const mean = (pillar: Pillar) => figures.pillars.find((figure) => figure.pillar === pillar)?.mean;
  const { previous, peers } = result;
  return (
    <section aria-labelledby="team-compared">
      <Card>
        <h2 id="team-compared" className="font-serif text-xl font-semibold">
          Compared with
        </h2>
        <ul className="mt-1 grid gap-1 text-sm text-stone-700">
          {previous && (
            <li>
              Your team&apos;s previous round, “{previous.name}”{previous.closedAt ? `, closed ${dates.long(previous.closedAt)}` : ''}:{' '}
              {basedOnText(previous.respondents).toLowerCase()}.
            </li>
          )}
          {peers && <li>Peers: the median of {peers.organisations.toLocaleString('en-US')} organisations that took the Check-Up.</li>}
        </ul>
        <ComparedTable
          caption={`Mean health score by pillar: this round${previous ? ', the previous round' : ''}${peers ? ", the peers' median" : ''}`}
          columns={[
            { label: 'This round', value: mean },
            ...(previous ? [{ label: 'Previous round', value: (pillar: Pillar) => previous.pillars[pillar] }] : []),
            ...(peers ? [{ label: 'Peers', value: (pillar: Pillar) => peers.pillars[pillar].median }] : []),
          ]}
        />
      </Card>
    </section>
  );
}

/** The statements where the answers are furthest apart, first: where a meeting learns the most. */
function TalkFirst({ figures }: { figures: RoundFigures }) {
  const byId = new Map(figures.statements.map((statement) => [statement.questionId, statement]));
  return (
    <section aria-labelledby="talk-first">
      <Card className="border-accent-600/40">
        <h2 id="talk-first" className="font-serif text-2xl font-semibold">
          Talk about these first
        </h2>
        {figures.talkFirst.length === 0 ? (
          <p className="mt-2 text-stone-700">You broadly agree on every statement.</p>
        ) : (
          <>
            <p className="mt-1 text-stone-700">The statements where your answers are furthest apart, furthest first.</p>
            <ol className="mt-4 grid list-decimal gap-3 pl-6" data-testid="talk-first">
              {figures.talkFirst.map((id) => {
                const statement = byId.get(id);
                return (
                  <li key={id} className="break-inside-avoid">
                    <p className="font-medium text-stone-900">{statementText(id)}</p>
                    {statement && (
                      <p className="text-sm text-stone-700">
                        {pillarInfo[statement.pillar].name} · {agreementText(statement.agreement)} · average {statement.mean.toFixed(1)} of 4
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </Card>
    </section>
  );
}

/** Role groups side by side, only those the server may show; a sentence when some are left out. */
function Roles({ figures }: { figures: RoundFigures }) {
  const mean = (pillar: Pillar) => figures.pillars.find((figure) => figure.pillar === pillar)?.mean;
  return (
    <section aria-labelledby="team-roles">
      <Card>
        <h2 id="team-roles" className="font-serif text-xl font-semibold">
          By role
        </h2>
        {figures.roles.length > 0 && (
          <ComparedTable
            caption="Mean health score by pillar for everyone and for each role shown"
            columns={[
              { label: 'Everyone', value: mean },
              ...figures.roles.map((role) => ({
                label: respondentRoleLabels[role.role],
                note: `${role.respondents} people`,
                value: (pillar: Pillar) => role.pillars[pillar],
              })),
            ]}
          />
        )}
        {figures.rolesWithheld && <p className="mt-3 text-sm text-stone-700">{rolesWithheldText}</p>}
      </Card>
    </section>
  );
}

/** A table of health percents by pillar, one column per group compared (this round, a role, the peers). */
function ComparedTable({ caption, columns }: { caption: string; columns: { label: string; note?: string; value: (pillar: Pillar) => number | undefined }[] }) {
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col" className={th}>
            Pillar
          </th>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={clsx(th, 'text-right')}>
              {column.label}
              {column.note && <span className="block text-xs font-normal text-stone-600">{column.note}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {pillars.map((pillar) => (
          <tr key={pillar} className="border-b border-stone-200 last:border-0">
            <th scope="row" className={clsx(td, 'text-left font-semibold')}>
              {pillarInfo[pillar].name}
            </th>
            {columns.map((column) => (
              <td key={column.label} className={clsx(td, 'text-right tabular-nums')}>
                {column.value(pillar)}%
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
