/**
 * The lower part of the home page (SPEC.md §1): the six awareness tips and the two
 * testimonials, in the spec's order and words. Its own chunk (the home
 * page's first JavaScript), loaded as the page renders.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** The six awareness tips of SPEC.md §1, in the spec's order. */
const tips = () => [
  { title: t`Composting`, text: t`Turn peels, cores and coffee grounds into rich soil instead of sending them to landfill.` },
  { title: t`Mindful Shopping`, text: t`Plan your meals and shop with a list so you only buy what you will really eat.` },
  { title: t`Leftover Recipes`, text: t`Give last night’s dinner a second life as soups, stir-fries, wraps or frittatas.` },
  { title: t`Proper Storage`, text: t`Keep produce, dairy and leftovers at the right temperature so they stay fresh for longer.` },
  { title: t`Portion Control`, text: t`Cook and serve sensible portions, and save seconds for later rather than the bin.` },
  { title: t`Community Sharing`, text: t`Share surplus food with neighbours on Plateful before it goes to waste.` },
];

/** The two testimonials of SPEC.md §1. */
const testimonials = () => [
  {
    quote:
      t`I run a small bakery and used to throw away trays of bread every evening. Now neighbours collect it within the hour.`,
    name: 'Amelia Hart',
    role: t`Donor, Riverside Bakery`,
  },
  {
    quote:
      t`Between jobs, Plateful helped me keep fresh vegetables on the table for my kids. The donors have been so kind.`,
    name: 'Daniel Okafor',
    role: t`Community member`,
  },
];

/** The 'Fight Food Waste' tips and 'What Our Community Says' testimonials sections. */
export default function HomeStories() {
  return (
    <>
      <section aria-labelledby="tips-heading" className="flex flex-col gap-6">
        <div>
          <h2 id="tips-heading" className="text-3xl font-bold break-words hyphens-auto">
            <Trans>Fight Food Waste</Trans>
          </h2>
          <p className="mt-2 text-gray-700">
            <Trans>Small habits at home add up. Six ways to waste less food:</Trans>
          </p>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tips().map((tip) => (
            <li key={tip.title} className="rounded-box border border-base-200 bg-base-100 p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-indigo-800">{tip.title}</h3>
              <p className="mt-2 text-gray-700">{tip.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-heading" className="flex flex-col gap-6">
        <h2 id="testimonials-heading" className="text-3xl font-bold break-words hyphens-auto">
          <Trans>What Our Community Says</Trans>
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {testimonials().map((story) => (
            <li key={story.name}>
              <figure className="h-full rounded-box bg-base-200 p-6">
                <blockquote className="text-lg italic">“{story.quote}”</blockquote>
                <figcaption className="mt-4">
                  <span className="font-semibold">{story.name}</span>
                  <span className="text-gray-700">, {story.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
