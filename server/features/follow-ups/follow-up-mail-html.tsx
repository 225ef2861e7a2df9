import { Link } from '@react-email/link';
import { MailLayout, mutedLinkStyle, renderMailHtml } from '../../mail/mail-layout';

/**
 * A follow-up step's HTML in the site's one email layout. Loaded with the first step rendered
 * (decision 037): react-email is not loaded by a server that sends no follow-up.
 */
export function followUpHtml(
  step: { subject: string; bodyHtml: string },
  links: { label: string; url: string }[],
  footer: { why: string; unsubscribeUrl: string; postalAddress: string },
): Promise<string> {
  return renderMailHtml(
    <MailLayout
      preview={step.subject}
      eyebrow="Nonprofit Leaders Hub · After your Check-Up"
      title={step.subject}
      footer={[
        <>
          {footer.why}{' '}
          <Link href={footer.unsubscribeUrl} style={mutedLinkStyle}>
            Stop these follow-ups
          </Link>
        </>,
        footer.postalAddress,
      ]}
    >
      <div dangerouslySetInnerHTML={{ __html: step.bodyHtml }} />
      {links.length > 0 ? (
        <ul>
          {links.map((link) => (
            <li key={link.url}>
              <a href={link.url}>{link.label}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </MailLayout>,
  );
}
