import { Clock, Mail } from 'lucide-react';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { priorityNote, replyTime } from '#shared/contact/reply-time';
import { useUser } from '../features/auth/use-user';
import { ContactForm } from '../features/contact/contact-form';
import { useSiteConfig } from '../features/site/use-site-config';

/** /contact (docs/product.md §2). */
export default function ContactPage() {
  const contactEmail = useSiteConfig()?.contactEmail;
  const { user, isLoading } = useUser();
  return (
    <>
      <PageHeader eyebrow="Contact" title="Get in touch">
        <p>Questions, partnerships, media or feedback: write to the team and a real person will answer.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[1fr_18rem]">
        <Card className="p-6 sm:p-8">
          <ContactForm member={isLoading ? null : user} />
        </Card>
        <aside className="grid content-start gap-4" aria-label="Other ways to reach us">
          <Card className="p-5">
            <h2 className="flex items-center gap-2 font-semibold text-stone-900">
              <Mail className="h-5 w-5 text-brand-700" aria-hidden="true" />
              Email us directly
            </h2>
            <p className="mt-2 text-sm text-stone-700">
              {contactEmail ? (
                <a href={`mailto:${contactEmail}`} className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  {contactEmail}
                </a>
              ) : (
                'Loading the address…'
              )}
            </p>
          </Card>
          <Card className="p-5">
            <h2 className="flex items-center gap-2 font-semibold text-stone-900">
              <Clock className="h-5 w-5 text-brand-700" aria-hidden="true" />
              When we reply
            </h2>
            <p className="mt-2 text-sm text-stone-700" data-testid="reply-time">
              {user?.isPremium
                ? `Within ${replyTime(true)}: ${priorityNote}.`
                : user
                  ? `Within ${replyTime(false)}.`
                  : // Visitors, and a member while the account loads: both promises, each true.
                    `Within ${replyTime(false)}; within ${replyTime(true)} for premium members who write while signed in.`}
            </p>
          </Card>
          <Card className="p-5">
            <h2 className="font-semibold text-stone-900">Looking for answers now?</h2>
            <p className="mt-2 text-sm text-stone-700">
              Try{' '}
              <Link to="/start-here" className="font-medium text-brand-700 underline underline-offset-2">
                Start Here
              </Link>{' '}
              or the{' '}
              <Link to="/resources" className="font-medium text-brand-700 underline underline-offset-2">
                resources library
              </Link>
              .
            </p>
          </Card>
        </aside>
      </div>
    </>
  );
}
