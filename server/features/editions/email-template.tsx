import { Link } from '@react-email/link';
import { markdownToHtml } from '#shared/markdown/render';
import { editionEyebrow } from '#shared/newsletter/editions';
import { EmailLayout, mutedLinkStyle, renderEmail } from '../../mail/email-layout';
import { type EditionContent, type EmailSettings, PREFERENCES_PLACEHOLDER, testTexts, UNSUBSCRIBE_PLACEHOLDER, whyReceived } from './email-parts';

function EditionEmail({ edition, settings, test }: { edition: EditionContent; settings: EmailSettings; test: boolean }) {
  const eyebrow = editionEyebrow(edition);
  return (
    <EmailLayout
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
      <div dangerouslySetInnerHTML={{ __html: markdownToHtml(edition.body, { siteUrl: settings.publicUrl }) }} />
    </EmailLayout>
  );
}

/** The HTML part of an edition in the site's one email layout (email.ts's renderEdition loads this module when it first needs it). */
export function editionHtml(edition: EditionContent, settings: EmailSettings, test: boolean): Promise<string> {
  return renderEmail(<EditionEmail edition={edition} settings={settings} test={test} />);
}
