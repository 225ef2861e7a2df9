import { Award, CheckCircle2, Heart, Sparkles, TrendingUp, Users } from 'lucide-react';
import { Link } from '../components/link';
import { site } from '#shared/site';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';

/** Two stages, 300 ms and 800 ms in (docs/product.md §2); people who prefer reduced motion see everything at once. */
const stage = (delayMs: 300 | 800) => `animate-fade-in motion-reduce:animate-none ${delayMs === 300 ? '[animation-delay:300ms]' : '[animation-delay:800ms]'}`;

const qualities = [
  { icon: Users, title: 'Nonprofit experience', text: 'You have worked with nonprofits and understand their budgets, boards and missions.' },
  { icon: TrendingUp, title: 'Proven results', text: 'You can point to outcomes your clients achieved with your help.' },
  { icon: Award, title: 'Quality focus', text: 'You do careful, reliable work and stand behind it.' },
  { icon: Heart, title: 'Community minded', text: 'You want to give back, share what you know and treat members as partners.' },
];

/** /allies/submit/success (docs/product.md §2): the confirmation after a vendor submits. */
export default function AlliesSubmitSuccessPage() {
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:py-16">
      <div className={`text-center ${stage(300)}`}>
        <CheckCircle2 className="mx-auto h-14 w-14 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Submission Received!</h1>
        <p className="mt-3 text-lg text-stone-700">
          Thank you for applying to join the Allies Directory. We have sent a confirmation to the email address you gave us.
        </p>
      </div>

      <Card className={stage(300)}>
        <h2 className="font-serif text-xl font-bold text-stone-900">What happens next?</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-stone-800">
          <li>Our team reviews your profile to make sure it is a good fit for nonprofit leaders.</li>
          <li>Someone from our team gets in touch with you by email, with any questions or our decision.</li>
        </ol>
        <p className="mt-4 font-semibold text-brand-800">Expected response time: 3-5 business days</p>
      </Card>

      <section className={stage(800)} aria-labelledby="qualities-heading">
        <h2 id="qualities-heading" className="flex items-center gap-2 font-serif text-xl font-bold text-stone-900">
          <Sparkles className="h-5 w-5 text-accent-600" aria-hidden="true" />
          What we look for in an ally
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {qualities.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <p className="flex items-center gap-2 font-semibold text-stone-900">
                <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
                {title}
              </p>
              <p className="mt-1 text-sm text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Card className={stage(800)}>
        <h2 className="font-serif text-xl font-bold text-stone-900">While You Wait</h2>
        <p className="mt-2 text-stone-700">Get to know the community your services will reach.</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Link to="/allies/preview" className={buttonClasses('primary', 'md')}>
            Browse Current Allies
          </Link>
          <Link to="/start-here" className={buttonClasses('outline', 'md')}>
            Learn About {site.name}
          </Link>
        </div>
      </Card>
    </div>
  );
}
