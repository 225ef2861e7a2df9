import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath, apiPaths } from '#shared/api/paths';
import { siteIsoDate } from '#shared/site-time';
import { type RespondentRole, roundMessages } from '#shared/team-checkup/schemas';
import { queuedMails } from '../../db/schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { goodCard, memberApi } from '../../test/payments';
import { uniqueEmail } from '../../test/unique-email';
import { followUpEnrolments } from '../follow-ups/schema';
import { checkupResults } from '../checkup/schema';
import { addDays } from './closing-day';
import { sendRoundReminders } from './reminders';
import { teamCheckupInvitations, teamCheckupRounds } from './schema';

vi.setConfig({ testTimeout: 120_000 });

let t: TestAppWithMail;
let admin: TestAccount;
const timeZone = 'America/New_York';

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org', SITE_TIMEZONE: timeZone });
  admin = await adminAccount(t, 'tc-admin');
});
afterAll(async () => {
  await t?.close();
});

const api = (a: TestAccount) => memberApi(t, a.cookie);
const idOf = (a: TestAccount) => a.user.id as string;
const today = () => siteIsoDate(new Date(), timeZone);
const link = (token: string) => apiPath(apiPaths.teamCheckupLink, { token });
const roundPath = (path: string, id: string) => path.replace(':id', id);

/** Answers to the 20 statements, all `value` but those given. */
const answersOf = (value: number, others: Record<number, number> = {}) =>
  Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), others[i + 1] ?? value]));

/** A team plan bought through the local checkout, with `members` who joined it from their invitations. */
async function teamWith(label: string, members: number, seats = 6) {
  const owner = await registerAccount(t.url, `${label}-owner`, { firstName: 'Olive', lastName: 'Owner' });
  const started = await api(owner).post('/api/team/checkout', { planType: 'monthly', seats });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const checkoutId = (started.json.url as string).split('/').pop()!;
  expect((await api(owner).post(`/api/billing/local/checkouts/${checkoutId}/pay`, goodCard)).status).toBe(200);
  const people: TestAccount[] = [];
  for (let i = 0; i < members; i++) {
    const member = await registerAccount(t.url, `${label}-m${i}`, { firstName: `Member${i}`, lastName: 'Seat' });
    expect((await api(owner).post('/api/team/invitations', { email: member.email })).status).toBe(200);
    const mail = await t.smtp.waitFor(member.email, /invited you to/);
    const token = /\/team\/join\/([\w-]{43})/.exec(mail.text)![1]!;
    expect((await api(member).post(`/api/team/join/${token}`, {})).status).toBe(200);
    people.push(member);
  }
  return { owner, members: people };
}

/** Starts a round as `organiser`; the personal link of each address from the mail it was sent. */
async function startRound(organiser: TestAccount, body: { name?: string; closesOn?: string; memberIds?: string[]; emails?: string[] }) {
  const res = await api(organiser).post(apiPaths.teamCheckupRounds, {
    name: body.name ?? 'Spring board retreat',
    closesOn: body.closesOn ?? addDays(today(), 14),
    memberIds: body.memberIds ?? [],
    emails: body.emails ?? [],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}
async function tokenFor(email: string, subject = /asks you to take a team Check-Up/) {
  const mail = await t.smtp.waitFor(email, subject);
  return /\/team-checkup\/answer\/([\w-]{43})/.exec(mail.text)![1]!;
}
const answer = (token: string, value: number, role: RespondentRole = 'staff', cookie?: string) =>
  callApp(`${t.url}${link(token)}`, 'POST', { body: { answers: answersOf(value), role }, cookie });
const resultOf = (a: TestAccount, id: string) => api(a).get(roundPath(apiPaths.teamCheckupResult, id));

/** Every key anywhere in a JSON answer. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}
/** No one's answers, draft or role in an answer meant for someone else. */
const expectNoAnswers = (json: unknown) => {
  const keys = keysOf(json);
  for (const key of ['answers', 'draft', 'role', 'answeredAt']) expect(keys.has(key), `key ${key} in ${JSON.stringify(json).slice(0, 200)}`).toBe(false);
};

describe('team Check-Up rounds (decision 077)', () => {
  it('refuses bad input with a 4xx and its reason, and changes nothing', async () => {
    const { owner, members } = await teamWith('tc-bad', 1);
    const outsider = await registerAccount(t.url, 'tc-bad-outsider');
    const good = { name: 'Retreat', closesOn: addDays(today(), 10), memberIds: [idOf(members[0]!)], emails: ['a@example.org', 'b@example.org'] };
    const cases: [unknown, number, RegExp | string][] = [
      [{ ...good, name: ' ' }, 400, /name: Give the round a name/],
      [{ ...good, name: 'x'.repeat(81) }, 400, /at most 80 characters/],
      [{ ...good, closesOn: '2026-02-30' }, 400, /not a real date/],
      [{ ...good, closesOn: 'tomorrow' }, 400, /must be a date/],
      [{ ...good, closesOn: today() }, 400, roundMessages.closeInPast],
      [{ ...good, closesOn: addDays(today(), 61) }, 400, roundMessages.closeTooLate],
      [{ ...good, emails: ['a@example.org'] }, 400, roundMessages.tooFew],
      // Folded: the same address twice and a member's own address are one person each.
      [{ ...good, emails: ['a@example.org', 'A@example.org ', members[0]!.email.toUpperCase()] }, 400, roundMessages.tooFew],
      [{ ...good, memberIds: [idOf(outsider)] }, 400, roundMessages.notMember],
      [{ ...good, memberIds: ['nope'] }, 400, /Choose people from your team/],
      [{ ...good, emails: Array.from({ length: 26 }, (_, i) => `p${i}@example.org`) }, 400, /at most 25 people/],
      [{ ...good, emails: ['not-an-address'] }, 400, /emails/],
      [{ ...good, extra: 1 }, 400, /Unknown field: extra/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(owner).post(apiPaths.teamCheckupRounds, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(res.json.message).toBe(message);
      else expect(res.json.message).toMatch(message);
    }
    // Not one of a team's people: refused; visitors: 401.
    expect((await api(outsider).post(apiPaths.teamCheckupRounds, good)).json.message).toBe(roundMessages.notOnTeam);
    expect((await api(outsider).get(apiPaths.teamCheckupRounds)).status).toBe(403);
    expect((await callApp(`${t.url}${apiPaths.teamCheckupRounds}`)).status).toBe(401);
    expect((await api(owner).get(roundPath(apiPaths.teamCheckupRound, 'x'))).status).toBe(400);
    expect((await api(owner).get(roundPath(apiPaths.teamCheckupRound, '00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    // Links: malformed 400, unknown 404, for every method.
    for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
      const malformed = await callApp(`${t.url}${link('short')}`, method, { body: {} });
      expect(malformed.status).toBe(400);
      expect(malformed.json.message, method).toMatch(/^token: This link is not valid/);
      const body = method === 'PUT' ? { answers: {}, role: null } : method === 'POST' ? { answers: answersOf(2), role: 'staff' } : undefined;
      expect((await callApp(`${t.url}${link('a'.repeat(43))}`, method, { body })).status, method).toBe(404);
    }
    // Nothing was stored, nothing mailed.
    expect((await api(owner).get(apiPaths.teamCheckupRounds)).json).toMatchObject({ rounds: [], canStart: true });
    expect(t.smtp.find('a@example.org', /team Check-Up/)).toHaveLength(0);

    // A round's own inputs.
    const round = await startRound(owner, good);
    const token = await tokenFor('a@example.org');
    const linkCases: [string, unknown, RegExp][] = [
      ['PUT', { answers: { 21: 2 }, role: null }, /^answers\.21: Answers must be to the 20 statements$/],
      ['PUT', { answers: { 1: 5 }, role: null }, /^answers\.1: Each answer must be a number from 1 to 4$/],
      ['PUT', { answers: { 1: 'yes' }, role: null }, /^answers\.1: Each answer must be a number from 1 to 4$/],
      ['PUT', { answers: {}, role: 'boss' }, /role: Choose staff, board, volunteer or other/],
      ['POST', { answers: answersOf(2) }, /role/],
      ['POST', { answers: { 1: 2 }, role: 'staff' }, /answers/],
      ['POST', { answers: answersOf(2), role: 'staff', extra: true }, /Unknown field: extra/],
    ];
    for (const [method, body, message] of linkCases) {
      const res = await callApp(`${t.url}${link(token)}`, method, { body });
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const extend = (body: unknown) => api(owner).post(roundPath(apiPaths.teamCheckupExtend, round.id), body);
    expect((await extend({ closesOn: addDays(today(), 5) })).json.message).toBe(roundMessages.extendEarlier);
    expect((await extend({ closesOn: addDays(today(), 61) })).json.message).toBe(roundMessages.closeTooLate);
    expect((await extend({})).status).toBe(400);
    expect((await api(owner).call('DELETE', `${roundPath(apiPaths.teamCheckupRound, round.id)}/invitations/x`)).status).toBe(400);
    expect((await api(owner).call('DELETE', `${roundPath(apiPaths.teamCheckupRound, round.id)}/invitations/00000000-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
    expect((await api(admin).get(`${apiPaths.adminTeamCheckupRounds}?sort=name`)).status).toBe(400);
    expect((await api(admin).get(`${apiPaths.adminTeamCheckupRounds}?pageSize=0`)).status).toBe(400);
    // None of it changed the round.
    const link1 = (await callApp(`${t.url}${link(token)}`)).json;
    expect(link1).toMatchObject({ status: 'open', draft: { answers: {}, role: null }, answer: null });
    const view = (await api(owner).get(roundPath(apiPaths.teamCheckupRound, round.id))).json;
    expect(view).toMatchObject({ extended: false, closesAt: round.closesAt, answered: 0, invited: 3 });
  });

  it('starts a round: each person mailed their own link; the organiser sees who answered, never what; the result shows from 3 answers', async () => {
    const { owner, members } = await teamWith('tc-main', 2);
    const outside = uniqueEmail('tc-board');
    const round = await startRound(members[0]!, { memberIds: [idOf(members[0]!), idOf(members[1]!)], emails: [outside, members[1]!.email] });
    expect(round).toMatchObject({ status: 'open', invited: 3, answered: 0, canManage: true, organiserName: 'Member0 Seat', extended: false });
    expect(round.invitees.map((i: { email: string; fromTeam: boolean }) => [i.email, i.fromTeam]).sort()).toEqual(
      [
        [members[0]!.email, true],
        [members[1]!.email, true],
        [outside, false],
      ].sort(),
    );
    const invitation = await t.smtp.waitFor(outside, /Member0 Seat asks you to take a team Check-Up/);
    expect(invitation.text).toContain('"Spring board retreat"');
    expect(invitation.text).toContain('Nobody sees your own answers');
    expect(invitation.text).toContain("The team's result shows once 3 people have answered.");
    expect(invitation.headers).toMatch(/List-Unsubscribe: <https:\/\/hub\.example\.org\/api\/team-checkup\/mail\/stop\?token=/);
    expect(invitation.text).toMatch(/https:\/\/hub\.example\.org\/preferences\?token=/);
    const tokens = [await tokenFor(members[0]!.email), await tokenFor(members[1]!.email), await tokenFor(outside)];
    expect(new Set(tokens).size).toBe(3);

    // One open round per team.
    expect(
      (
        await api(owner).post(apiPaths.teamCheckupRounds, {
          name: 'Again',
          closesOn: addDays(today(), 3),
          memberIds: [],
          emails: ['x@example.org', 'y@example.org', 'z@example.org'],
        })
      ).json.message,
    ).toBe(roundMessages.openRound);
    expect((await api(owner).get(apiPaths.teamCheckupRounds)).json).toMatchObject({ canStart: false, rounds: [{ id: round.id, status: 'open' }] });

    // The link needs no account: what it is for, asked by whom.
    const view = await callApp(`${t.url}${link(tokens[2]!)}`);
    expect(view.json).toMatchObject({
      status: 'open',
      roundName: 'Spring board retreat',
      askedBy: 'Member0 Seat',
      asked: 3,
      email: outside,
      answer: null,
      resultReady: false,
      hasAccount: false,
    });

    // Two answers: nobody sees a figure; the organiser sees who answered.
    expect((await answer(tokens[0]!, 1, 'staff')).status).toBe(200);
    expect((await answer(tokens[2]!, 4, 'board')).status).toBe(200);
    const two = await resultOf(members[0]!, round.id);
    expect(two.json).toMatchObject({ answered: 2, needed: 1, figures: null });
    const roundView = (await api(members[0]!).get(roundPath(apiPaths.teamCheckupRound, round.id))).json;
    expect(
      roundView.invitees
        .filter((i: { answered: boolean }) => i.answered)
        .map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual([members[0]!.email, outside].sort());
    expectNoAnswers(roundView);
    // The buyer manages too and sees who answered; a member who did not organise sees the summary only.
    expect((await api(owner).get(roundPath(apiPaths.teamCheckupRound, round.id))).json).toMatchObject({
      canManage: true,
      invitees: expect.arrayContaining([]),
    });
    const asOther = (await api(members[1]!).get(roundPath(apiPaths.teamCheckupRound, round.id))).json;
    expect(asOther).toMatchObject({ canManage: false, invitees: [], answered: 2 });
    expect((await api(members[1]!).post(roundPath(apiPaths.teamCheckupClose, round.id))).json.message).toBe(roundMessages.notOrganiser);
    // The result: the organiser and those who answered with their account; not the others.
    expect((await resultOf(members[1]!, round.id)).json.message).toBe(roundMessages.resultHidden);
    expect((await resultOf(owner, round.id)).status).toBe(403);
    expect((await callApp(`${t.url}${apiPath(apiPaths.teamCheckupLinkResult, { token: tokens[1]! })}`)).json.message).toBe(roundMessages.resultHidden);

    // The third answer: the figures show, to the organiser and every respondent.
    const third = await answer(tokens[1]!, 2, 'staff');
    expect(third.json.answer).toMatchObject({ role: 'staff', score: 40, grade: 'D' });
    expect(third.json.resultReady).toBe(true);
    const shown = (await resultOf(members[0]!, round.id)).json;
    expect(shown).toMatchObject({ answered: 3, needed: 0, waiting: 0, figures: { respondents: 3 } });
    expect((await resultOf(members[1]!, round.id)).json.figures).toEqual(shown.figures);
    expect((await callApp(`${t.url}${apiPath(apiPaths.teamCheckupLinkResult, { token: tokens[2]! })}`)).json.figures).toEqual(shown.figures);
    expect((await api(members[1]!).get(apiPaths.teamCheckupRounds)).json.rounds[0]).toMatchObject({ resultVisible: true, answered: 3 });

    // No one's answers in any answer meant for someone else: the round, the result, the lists, the admin's.
    for (const json of [
      (await api(members[0]!).get(roundPath(apiPaths.teamCheckupRound, round.id))).json,
      (await api(owner).get(roundPath(apiPaths.teamCheckupRound, round.id))).json,
      (await api(members[1]!).get(apiPaths.teamCheckupRounds)).json,
      shown,
      (await api(admin).get(`${apiPaths.adminTeamCheckupRounds}?search=${encodeURIComponent(owner.email)}`)).json,
    ])
      expectNoAnswers(json);
    const listed = (await api(admin).get(`${apiPaths.adminTeamCheckupRounds}?search=${encodeURIComponent(owner.email)}`)).json;
    expect(listed).toMatchObject({
      total: 1,
      items: [{ id: round.id, ownerEmail: owner.email, ownerName: 'Olive Owner', status: 'open', invited: 3, answered: 3 }],
    });
    expect((await api(members[0]!).get(apiPaths.adminTeamCheckupRounds)).status).toBe(403);
  });

  it('a subtraction attempt learns nothing: the figures after the 4th and 5th answers are those of the first 3; after the 6th they are new', async () => {
    const { members } = await teamWith('tc-sub', 1);
    const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`tc-sub${i}`));
    const round = await startRound(members[0]!, { memberIds: [idOf(members[0]!)], emails });
    const tokens = [await tokenFor(members[0]!.email), ...(await Promise.all(emails.map((email) => tokenFor(email))))];
    const figures = async () => (await resultOf(members[0]!, round.id)).json;
    await answer(tokens[0]!, 1);
    await answer(tokens[1]!, 1);
    await answer(tokens[2]!, 1);
    const afterThird = await figures();
    expect(afterThird.figures.respondents).toBe(3);
    // The watcher knows the 4th person answered now, all 4s: the figures must not move.
    await answer(tokens[3]!, 4, 'board');
    const afterFourth = await figures();
    expect(afterFourth.figures).toEqual(afterThird.figures);
    expect(afterFourth).toMatchObject({ answered: 4, waiting: 1 });
    await answer(tokens[4]!, 4, 'board');
    expect((await figures()).figures).toEqual(afterThird.figures);
    expect((await figures()).waiting).toBe(2);
    // The 3rd change since: new figures, of everyone counted now.
    await answer(tokens[5]!, 4, 'board');
    const afterSixth = await figures();
    expect(afterSixth.figures).not.toEqual(afterThird.figures);
    expect(afterSixth).toMatchObject({ answered: 6, waiting: 0, figures: { respondents: 6 } });
    // An answer replaced is a new answer (decision 078: the old one out, the new one in): the one who replaced it learns nothing.
    await answer(tokens[0]!, 4);
    expect(await figures()).toMatchObject({ figures: afterSixth.figures, waiting: 2 });
  });

  it("deleting a respondent's account (or their answer from the link) takes the round under 3: the result is hidden again", async () => {
    const { members } = await teamWith('tc-del', 2);
    const outside = uniqueEmail('tc-del-out');
    const round = await startRound(members[0]!, { memberIds: members.map(idOf), emails: [outside] });
    const tokens = [await tokenFor(members[0]!.email), await tokenFor(members[1]!.email), await tokenFor(outside)];
    for (const token of tokens) expect((await answer(token, 2)).status).toBe(200);
    expect((await resultOf(members[0]!, round.id)).json.figures.respondents).toBe(3);
    // The member's answer is theirs: in "Download my data", and gone with the account.
    const download = (await api(members[1]!).get(apiPaths.accountExport)).json;
    expect(download.teamCheckupAnswers).toMatchObject([{ round: 'Spring board retreat', role: 'staff', answers: answersOf(2) }]);
    expect((await api(members[1]!).call('DELETE', '/api/account', { confirmEmail: members[1]!.email })).status).toBe(200);
    const hidden = (await resultOf(members[0]!, round.id)).json;
    expect(hidden).toMatchObject({ answered: 2, needed: 1, figures: null });
    const rows = await t.ctx.db.select().from(teamCheckupInvitations).where(eq(teamCheckupInvitations.roundId, round.id));
    expect(rows.map((row) => row.email).sort()).toEqual([members[0]!.email, outside].sort());
    // The organiser's view no longer lists them; an answer removed from its link goes too, also once closed.
    await api(members[0]!).post(roundPath(apiPaths.teamCheckupClose, round.id));
    const removed = await callApp(`${t.url}${link(tokens[2]!)}`, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ status: 'closed', answer: null, draft: { answers: {}, role: null } });
    expect((await resultOf(members[0]!, round.id)).json).toMatchObject({ answered: 1, needed: 2, figures: null });
    // The organiser's account deleted: the round stays the team's, without an organiser.
    expect((await api(members[0]!).call('DELETE', '/api/account', { confirmEmail: members[0]!.email })).status).toBe(200);
    const [kept] = await t.ctx.db.select().from(teamCheckupRounds).where(eq(teamCheckupRounds.id, round.id));
    expect(kept).toMatchObject({ organiserId: null });
  });

  it('one open round per team, also when two starts race', async () => {
    const { owner, members } = await teamWith('tc-race', 1);
    const body = (name: string) => ({ name, closesOn: addDays(today(), 7), memberIds: [idOf(owner), idOf(members[0]!)], emails: [uniqueEmail('tc-race')] });
    const both = await Promise.all([api(owner).post(apiPaths.teamCheckupRounds, body('A')), api(members[0]!).post(apiPaths.teamCheckupRounds, body('B'))]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(both.find((res) => res.status === 409)!.json.message).toBe(roundMessages.openRound);
    const rounds = (await api(owner).get(apiPaths.teamCheckupRounds)).json.rounds;
    expect(rounds).toHaveLength(1);
    // The database holds it whatever the code does: a second open round of the team cannot be stored.
    const [open] = await t.ctx.db.select().from(teamCheckupRounds).where(eq(teamCheckupRounds.id, rounds[0].id));
    await expect(t.ctx.db.insert(teamCheckupRounds).values({ ...open!, id: undefined, name: 'Sneaked in' })).rejects.toThrow();
    // Closed early, the next may start; the closed one refuses answers.
    const token = await tokenFor(members[0]!.email);
    expect((await api(owner).post(roundPath(apiPaths.teamCheckupClose, rounds[0].id))).json.status).toBe('closed');
    expect((await api(owner).post(roundPath(apiPaths.teamCheckupClose, rounds[0].id))).json.message).toBe(roundMessages.closed);
    const refused = await answer(token, 2);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(roundMessages.linkClosed);
    expect((await callApp(`${t.url}${link(token)}`, 'PUT', { body: { answers: { 1: 2 }, role: null } })).json.message).toBe(roundMessages.linkClosed);
    expect((await callApp(`${t.url}${link(token)}`)).json.status).toBe('closed');
    expect((await api(owner).post(apiPaths.teamCheckupRounds, body('C'))).status).toBe(201);
  });

  it('remind now once a day, extend once, withdraw an unanswered invitation only', async () => {
    const { owner, members } = await teamWith('tc-manage', 2);
    const outside = [uniqueEmail('tc-manage-a'), uniqueEmail('tc-manage-b')];
    const round = await startRound(members[0]!, { memberIds: members.map(idOf), emails: outside });
    const tokens = await Promise.all([members[0]!.email, members[1]!.email, ...outside].map((email) => tokenFor(email)));
    await answer(tokens[0]!, 2);
    const remind = (who: TestAccount) => api(who).post(roundPath(apiPaths.teamCheckupRemind, round.id));
    const reminded = await remind(members[0]!);
    expect(reminded.status).toBe(200);
    expect(reminded.json.remindAgainAt).not.toBeNull();
    for (const email of [members[1]!.email, ...outside]) await t.smtp.waitFor(email, /A reminder to answer the team Check-Up/);
    expect(t.smtp.find(members[0]!.email, /reminder/)).toHaveLength(0);
    const again = await remind(owner);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(roundMessages.remindedToday);

    const extend = (closesOn: string) => api(members[0]!).post(roundPath(apiPaths.teamCheckupExtend, round.id), { closesOn });
    const extended = await extend(addDays(today(), 20));
    expect(extended.json).toMatchObject({ extended: true });
    expect(siteIsoDate(new Date(extended.json.closesAt), timeZone)).toBe(addDays(today(), 20));
    expect((await extend(addDays(today(), 25))).json.message).toBe(roundMessages.extendedAlready);

    const withdraw = (invitationId: string) => api(members[0]!).call('DELETE', `${roundPath(apiPaths.teamCheckupRound, round.id)}/invitations/${invitationId}`);
    const byEmail = (email: string) => extended.json.invitees.find((i: { email: string }) => i.email === email).id as string;
    const answered = await withdraw(byEmail(members[0]!.email));
    expect(answered.status).toBe(409);
    expect(answered.json.message).toBe(roundMessages.answeredCannotWithdraw);
    const withdrawn = await withdraw(byEmail(outside[1]!));
    expect(withdrawn.json.invitees.find((i: { email: string }) => i.email === outside[1]).withdrawn).toBe(true);
    expect(withdrawn.json.invited).toBe(3);
    expect((await callApp(`${t.url}${link(tokens[3]!)}`)).json.status).toBe('withdrawn');
    const gone = await answer(tokens[3]!, 2);
    expect(gone.status).toBe(410);
    expect(gone.json.message).toBe(roundMessages.linkWithdrawn);
  });

  it('keeps progress on the server: another device goes on from it; an account holder finds the answer in their progress, once', async () => {
    const { members } = await teamWith('tc-draft', 1);
    const outside = uniqueEmail('tc-draft-out');
    await startRound(members[0]!, { memberIds: [idOf(members[0]!)], emails: [outside, uniqueEmail('tc-draft-other')] });
    const token = await tokenFor(outside);
    const saved = await callApp(`${t.url}${link(token)}`, 'PUT', { body: { answers: { 1: 3, 2: 4 }, role: 'board' } });
    expect(saved.status).toBe(204);
    // Limited per link, counted under the token's hash: the token itself is stored nowhere.
    const keys = await t.ctx.db.execute<{ key: string }>(sql`select key from rate_limits where key like ${'%team-checkup-link:%'}`);
    expect(keys.rows.length).toBeGreaterThan(0);
    expect(keys.rows.filter((row) => row.key.includes(token))).toEqual([]);
    // Another device: no cookie, the same link.
    expect((await callApp(`${t.url}${link(token)}`)).json.draft).toEqual({ answers: { 1: 3, 2: 4 }, role: 'board' });

    // The member's answer is also an attempt in their progress, not enrolled in follow-ups, and replaced when given again.
    const memberToken = await tokenFor(members[0]!.email);
    await answer(memberToken, 2);
    await answer(memberToken, 3);
    const attempts = await t.ctx.db
      .select()
      .from(checkupResults)
      .where(eq(checkupResults.userId, idOf(members[0]!)));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ totalScore: 60 });
    expect(await t.ctx.db.select().from(followUpEnrolments).where(eq(followUpEnrolments.resultId, attempts[0]!.id))).toEqual([]);
    expect((await api(members[0]!).get(apiPaths.checkupProgress)).json.attempts).toHaveLength(1);

    // Someone from outside signed in to their verified account: theirs too.
    const account = await registerAccount(t.url, 'tc-draft-acct', { email: outside });
    await t.ctx.db.execute(sql`update users set email_verified_at = now() where id = ${idOf(account)}`);
    expect((await answer(token, 2, 'board', account.cookie)).status).toBe(200);
    expect(
      await t.ctx.db
        .select()
        .from(checkupResults)
        .where(eq(checkupResults.userId, idOf(account))),
    ).toHaveLength(1);
    expect((await callApp(`${t.url}${link(token)}`)).json.hasAccount).toBe(true);
  });
});

describe('round reminders (decision 079)', () => {
  /** A round of 3 outside people closing in `days`, started `startedDaysAgo` days back (its invitations too). */
  async function dueRound(label: string, days: number) {
    const { members } = await teamWith(label, 1);
    const emails = Array.from({ length: 3 }, (_, i) => uniqueEmail(`${label}${i}`));
    const round = await startRound(members[0]!, { memberIds: [idOf(members[0]!)], emails, closesOn: addDays(today(), days) });
    // Invited long before its reminders fall due.
    await t.ctx.db.execute(sql`update team_checkup_invitations set invited_at = invited_at - interval '20 days' where round_id = ${round.id}`);
    return { round, organiser: members[0]!, emails };
  }

  it('each reminder goes once, also when two runs race; never to an address that left this mail or bounced', async () => {
    const { round, organiser, emails } = await dueRound('tc-rem', 10);
    const memberToken = await tokenFor(organiser.email);
    await answer(memberToken, 2);
    // One address left the team Check-Up's mail from its link, one bounced.
    const mail = await t.smtp.waitFor(emails[0]!, /asks you/);
    const stopUrl = /List-Unsubscribe: <([^>]+)>/.exec(mail.headers)![1]!.replace('https://hub.example.org', t.url);
    const stop = await callApp(stopUrl, 'POST', { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(stop.status, stop.text).toBe(200);
    expect(stop.json.stopped).toBe(true);
    await t.ctx.db.execute(sql`insert into mail_suppressions (email, reason) values (${emails[1]!}, 'bounce')`);
    const view = (await api(organiser).get(roundPath(apiPaths.teamCheckupRound, round.id))).json;
    expect(view.invitees.find((i: { email: string }) => i.email === emails[0]).notMailed).toMatch(/chose not to receive/);
    expect(view.invitees.find((i: { email: string }) => i.email === emails[1]).notMailed).toMatch(/refused/);

    // Not due yet: 10 days ahead. Seven days on, the "3 days before" reminder is due: two runs at once send it once.
    // (Other tests' rounds share the database: what each run sends is counted by the addresses of this one.)
    const [rounds] = await t.ctx.db.select().from(teamCheckupRounds).where(eq(teamCheckupRounds.id, round.id));
    const reminders = async () => {
      await t.ctx.mailQueue.idle();
      const rows = await t.ctx.db
        .select({ to: queuedMails.to, subject: queuedMails.subject })
        .from(queuedMails)
        .where(
          sql`lower(${queuedMails.to}) in (${sql.join(
            [...emails, organiser.email].map((e) => sql`lower(${e})`),
            sql`, `,
          )}) and ${queuedMails.subject} like '%team Check-Up' and ${queuedMails.subject} not like '%asks you%'`,
        );
      return rows.map((row) => `${row.to}: ${row.subject}`).sort();
    };
    await sendRoundReminders(t.ctx, new Date(rounds!.remindBeforeAt.getTime() - 60_000));
    expect(await reminders()).toEqual([]);
    const at = new Date(rounds!.remindBeforeAt.getTime() + 60_000);
    await Promise.all([sendRoundReminders(t.ctx, at), sendRoundReminders(t.ctx, at)]);
    await sendRoundReminders(t.ctx, at);
    expect(await reminders()).toEqual([`${emails[2]}: A reminder to answer the team Check-Up`]);
    await t.smtp.waitFor(emails[2]!, /A reminder to answer/);
    // The last day: once more, to the one who has not answered and may be mailed.
    const lastDay = new Date(rounds!.remindLastDayAt.getTime() + 60_000);
    await Promise.all([sendRoundReminders(t.ctx, lastDay), sendRoundReminders(t.ctx, lastDay)]);
    expect(await reminders()).toEqual([`${emails[2]}: A reminder to answer the team Check-Up`, `${emails[2]}: Last day to answer the team Check-Up`]);
    const last = await t.smtp.waitFor(emails[2]!, /Last day to answer/);
    expect(last.text).toContain('closes today');
    expect(t.smtp.find(emails[2]!, /reminder|Last day/i)).toHaveLength(2);
    for (const email of [emails[0]!, emails[1]!, organiser.email]) expect(t.smtp.find(email, /reminder|Last day/i)).toHaveLength(0);
    // Past its closing time, the job closes the round.
    await sendRoundReminders(t.ctx, new Date(rounds!.closesAt.getTime() + 1000));
    const [closed] = await t.ctx.db.select().from(teamCheckupRounds).where(eq(teamCheckupRounds.id, round.id));
    expect(closed!.closedAt?.toISOString()).toBe(rounds!.closesAt.toISOString());
  });

  it('a run killed mid-run sent nothing and marked nothing; the next run sends each reminder once', async () => {
    const { round, emails } = await dueRound('tc-kill', 5);
    const [row] = await t.ctx.db.select().from(teamCheckupRounds).where(eq(teamCheckupRounds.id, round.id));
    const at = new Date(row!.remindBeforeAt.getTime() + 60_000);
    // Killed once the batch's mails are written, inside the transaction: they roll back, and nothing is marked.
    const dying = {
      ...t.ctx,
      mailQueue: {
        ...t.ctx.mailQueue,
        storeMany: async (...args: Parameters<typeof t.ctx.mailQueue.storeMany>) => {
          await t.ctx.mailQueue.storeMany(...args);
          throw new Error('killed');
        },
      },
    };
    await expect(sendRoundReminders(dying, at)).rejects.toThrow('killed');
    const marked = await t.ctx.db.select().from(teamCheckupInvitations).where(eq(teamCheckupInvitations.roundId, round.id));
    expect(marked.filter((invitation) => invitation.remindedBeforeAt)).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(queuedMails)
        .where(
          sql`${queuedMails.subject} like 'A reminder%' and lower(${queuedMails.to}) in (${sql.join(
            emails.map((e) => sql`lower(${e})`),
            sql`, `,
          )})`,
        ),
    ).toEqual([]);
    // The next run sends the reminders, each once, whatever runs after it.
    await sendRoundReminders(t.ctx, at);
    await sendRoundReminders(t.ctx, at);
    for (const email of emails) await t.smtp.waitFor(email, /A reminder to answer/);
    await t.ctx.mailQueue.idle();
    for (const email of emails) expect(t.smtp.find(email, /A reminder to answer/)).toHaveLength(1);
  });
});
