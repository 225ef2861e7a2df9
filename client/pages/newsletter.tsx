import { CalendarDays, Globe2, Lightbulb, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { NewsletterSignupAnswer } from '#shared/newsletter/schemas';
import { toast } from '../components/ui/use-toast';
import { NewsletterSuccess } from '../features/newsletter/newsletter-success';
import { SignupForm } from '../features/newsletter/signup-form';
import { SignupLayout } from '../features/newsletter/signup-layout';
import { signupToast } from '../features/newsletter/use-newsletter-signup';

const inside = [
  { icon: Globe2, title: 'Global Trends', text: 'What is changing for nonprofits around the world, and what it means for you.' },
  { icon: Sparkles, title: 'Org Spotlights', text: 'Real organisations, what they tried and what worked.' },
  { icon: Lightbulb, title: 'Monthly Tips', text: 'Practical ideas you can use with your team the same week.' },
  { icon: CalendarDays, title: 'Weekly Delivery', text: 'Every Tuesday morning, about 5 minutes to read. Free.' },
];

/** /newsletter: the free sign-up landing page (docs/product.md §2, §5 and §8). */
export default function NewsletterPage() {
  const [signedUp, setSignedUp] = useState<{ email: string; answer: NewsletterSignupAnswer } | null>(null);

  return (
    <SignupLayout
      eyebrow="The Weekly Dish · Free"
      title="Get The Weekly Dish in your inbox"
      intro={
        <p>
          One short email every Tuesday morning for nonprofit leaders: the trends worth knowing, organisations worth learning from and tips you can use right
          away. Signing up also unlocks all five field guides, the Check-Up and the resources library.
        </p>
      }
      form={
        signedUp ? (
          <NewsletterSuccess email={signedUp.email} answer={signedUp.answer} />
        ) : (
          <>
            <h2 className="font-serif text-2xl font-bold text-stone-900">Subscribe free</h2>
            <p className="mb-6 mt-2 text-stone-700">No spam, no sales pitches. Unsubscribe whenever you like.</p>
            <SignupForm
              source="newsletter"
              name={{ label: 'Name', required: true }}
              organization
              submitLabel="Subscribe Free"
              pendingLabel="Subscribing..."
              failureMessage="Failed to sign up. Please try again."
              onSignedUp={(email, answer) => {
                toast(signupToast(answer));
                setSignedUp({ email, answer });
              }}
              onFailed={() => toast({ title: 'Subscription Failed', description: 'Something went wrong. Please try again.', variant: 'destructive' })}
            />
          </>
        )
      }
      details={
        <>
          <h2 className="mb-4 text-lg font-semibold text-stone-900">What's inside every edition</h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {inside.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-lg border border-stone-200 bg-white p-4">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-stone-900">{title}</h3>
                  <p className="mt-1 text-sm text-stone-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
