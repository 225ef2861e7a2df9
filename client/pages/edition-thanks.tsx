import { Link } from '../components/link';
import { textLinkClass } from '../components/ui/text-link';

/** /weekly-dish-thanks: where an edition's "Was this useful? Yes / No" leads once the answer is counted (decision 045). */
export default function EditionThanksPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Thanks for telling us.</h1>
      <p className="mt-3 text-lg text-stone-700">Your answer was counted with the others for this edition. Nothing about you or your address was recorded.</p>
      <p className="mt-6">
        <Link to="/weekly-dish" className={textLinkClass}>
          Read past editions of The Weekly Dish
        </Link>
      </p>
    </div>
  );
}
