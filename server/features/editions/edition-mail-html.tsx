import { Link } from '@react-email/link';
import { markdownToHtml } from '#shared/markdown/render';
import { editionEyebrow } from '#shared/newsletter/editions';
import { MailLayout, mutedLinkStyle, renderMailHtml } from '../../mail/mail-layout';
import {
  type CountedLinks,
  type EditionContent,
  type EmailSettings,
  FEEDBACK_QUESTION,
  PREFERENCES_PLACEHOLDER,
  testTexts,
  UNSUBSCRIBE_PLACEHOLDER,
  whyReceived,
} from './edition-mail-parts';

/** "Was this useful? Yes / No" under the body: two plain links, counted per answer (decision 045). */
function Feedback({ counted }: { counted: CountedLinks }) {
  return (
    <p style={{ fontSize: '16px', margin: '24px 0 0' }}>
      {FEEDBACK_QUESTION}{' '}
      <Link href={counted.feedback('yes')} style={{ color: '#0f766e', textDecoration: 'underline' }}>
        Yes
      </Link>{' '}
      /{' '}
      <Link href={counted.feedback('no')} style={{ color: '#0f766e', textDecoration: 'underline' }}>
        No
      </Link>
    </p>
  );
}

function EditionEmail({ edition, settings, test, counted }: { edition: EditionContent; settings: EmailSettings; test: boolean; counted?: CountedLinks }) {
  const eyebrow = editionEyebrow(edition);
  return (
    <MailLayout
      preview={edition.summary || undefined}
      above={
        test ? (
          testTexts.webPage
        ) : (
          <Link href={`${settings.publicUrl}/weekly-dish/${edition.slug}`} style={mutedLinkStyle}>
            View in your browser
          </Link>
        )
      }
      eyebrow={`The Weekly Dish${eyebrow ? ` · ${eyebrow}` : ''}`}
      title={edition.title}
      footer={[
        test ? (
          testTexts.unsubscribe
        ) : (
          <>
            {whyReceived(edition.audience, settings)}{' '}
            <Link href={UNSUBSCRIBE_PLACEHOLDER} style={mutedLinkStyle}>
              Unsubscribe
            </Link>{' '}
            or{' '}
            <Link href={PREFERENCES_PLACEHOLDER} style={mutedLinkStyle}>
              choose which emails you get
            </Link>
            .
          </>
        ),
        settings.postalAddress,
      ]}
    >
      <div dangerouslySetInnerHTML={{ __html: markdownToHtml(edition.body, { siteUrl: settings.publicUrl, linkAddress: counted?.address }) }} />
      {counted?.askFeedback ? <Feedback counted={counted} /> : null}
      {!counted && edition.askFeedback ? <p style={{ fontSize: '16px', margin: '24px 0 0' }}>{testTexts.feedback}</p> : null}
    </MailLayout>
  );
}

/** The HTML part of an edition in the site's one email layout (email.ts's renderEdition loads this module when it first needs it). */
export function editionHtml(edition: EditionContent, settings: EmailSettings, test: boolean, counted?: CountedLinks): Promise<string> {
  return renderMailHtml(<EditionEmail edition={edition} settings={settings} test={test} counted={counted} />);
}
