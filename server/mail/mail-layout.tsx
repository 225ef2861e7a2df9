// One package per element: '@react-email/components' also loads Tailwind, Markdown and code
// highlighting, 0.6 s and 30 MB at every server start for elements no mail here uses.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

/**
 * The one way the site builds HTML mail (decision 034): react-email (a maintained email-HTML
 * library: tables, inlined widths and Outlook fixes are its job) and this layout, which editions,
 * the Check-Up breakdown and the follow-ups share: a band, a card with the brand line and the
 * title, the content in `.body` typography, and a footer under a rule.
 *
 * Dark mode, for the clients that honour it (Apple Mail, iOS, Outlook.com); the others keep the
 * light colours, which read well either way. Every colour that changes in dark mode is set by a
 * class here, the band's background too: a background left inline stays light while the text on
 * it turns light (every text keeps 4.5:1 in both schemes, e2e/weekly-dish-admin.spec.ts).
 */
const styles = `
  .body { color: #292524; }
  .body h1, .body h2, .body h3 { font-family: Georgia, 'Times New Roman', serif; color: #1c1917; line-height: 1.3; margin: 24px 0 8px; }
  .body h2 { font-size: 20px; } .body h3 { font-size: 17px; }
  .body p, .body li { font-size: 16px; line-height: 1.6; color: #292524; margin: 0 0 14px; }
  .body ul, .body ol { padding-left: 22px; margin: 0 0 14px; }
  .body a { color: #0f766e; text-decoration: underline; }
  .body blockquote { border-left: 4px solid #99f6e4; margin: 0 0 14px; padding: 4px 0 4px 14px; color: #44403c; }
  .body img { max-width: 100%; height: auto; }
  @media (prefers-color-scheme: dark) {
    body, .outer { background: #1c1917 !important; }
    .card { background: #292524 !important; }
    .body h1, .body h2, .body h3, .title { color: #fafaf9 !important; }
    .body, .body p, .body li, .body blockquote { color: #e7e5e4 !important; }
    .body a, .brand { color: #5eead4 !important; }
    .muted, .muted a { color: #d6d3d1 !important; }
    .rule { border-color: #57534e !important; }
  }
`;

/** The small centred text above the card and in the footer, and its links. */
export const mutedStyle = { fontSize: '12px', lineHeight: '1.5', color: '#57534e', textAlign: 'center' } as const;
export const mutedLinkStyle = { color: '#57534e', textDecoration: 'underline' } as const;

export function MailLayout(props: {
  /** The inbox's preview line. */
  preview?: string;
  /** Above the card ("View in your browser"). */
  above?: ReactNode;
  /** The brand line over the title: "The Weekly Dish · Issue 48". */
  eyebrow: string;
  title: string;
  children: ReactNode;
  /** Lines under the rule: why this was sent, how to stop it, the postal address. */
  footer: ReactNode[];
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{styles}</style>
      </Head>
      {props.preview ? <Preview>{props.preview}</Preview> : null}
      <Body style={{ margin: 0, padding: 0, fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Section className="outer" style={{ backgroundColor: '#f5f5f4', padding: '16px 0' }}>
          <Container style={{ maxWidth: '600px', width: '100%', padding: '0 8px' }}>
            {props.above ? (
              <Text className="muted" style={{ ...mutedStyle, margin: '0 0 8px' }}>
                {props.above}
              </Text>
            ) : null}
            <Section className="card" style={{ backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px 20px' }}>
              <Text
                className="brand"
                style={{ fontSize: '13px', fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase', color: '#0f766e', margin: 0 }}
              >
                {props.eyebrow}
              </Text>
              <Text
                className="title"
                style={{
                  fontFamily: "Georgia, 'Times New Roman', serif",
                  fontSize: '26px',
                  lineHeight: '1.25',
                  fontWeight: 700,
                  color: '#1c1917',
                  margin: '8px 0 16px',
                }}
              >
                {props.title}
              </Text>
              <Section>
                <div className="body">{props.children}</div>
              </Section>
            </Section>
            <Hr className="rule" style={{ borderColor: '#d6d3d1', margin: '20px 0 12px' }} />
            {props.footer.map((line, index) => (
              <Text key={index} className="muted" style={{ ...mutedStyle, margin: index === props.footer.length - 1 ? 0 : '0 0 4px' }}>
                {line}
              </Text>
            ))}
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

/** The HTML part of a mail built from the layout. */
export const renderMailHtml = (email: ReactNode) => render(email);
