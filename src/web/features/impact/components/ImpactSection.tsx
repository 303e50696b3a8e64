import { numberFormat } from '../../../lib/intl.js';
import { t } from '@lingui/core/macro';
import type { Impact } from '../../../../contract/index.js';

/**
 * Impact figures as a titled section: the community's (`GET /impact`, the
 * home page's band) or, with `mine`, the signed-in person's own (`GET /impact/me`, the
 * profile page). Completed shares, then kg of food, meals and kg CO2e, each labelled an
 * estimate with its source. Its own chunk, loaded only once there are figures, to keep
 * the home route's initial JS within budget (DESIGN.md "Weight budget").
 */
export default function ImpactSection({ data, mine = false }: { data: Impact; /** The person's own figures. */ mine?: boolean }) {
  const number = numberFormat();
  const kg = number.format(data.Kg);
  const co2 = number.format(data.Co2eKg);
  const figures: [label: string, value: string, source: string][] = [
    [t`Completed shares`, number.format(data.Shares), t`Delivered requests`],
    [t`Food saved`, t`${kg} kg`, t`Estimate: listing weight, or 0.325 kg per item (OLIO/WRAP)`],
    [t`Meals`, number.format(data.Meals), t`Estimate: kg ÷ 0.42 (WRAP)`],
    [t`CO2e avoided`, t`${co2} kg`, t`Estimate: kg × 2.5 (FAO 2013)`],
  ];
  const heading = mine ? 'my-impact-heading' : 'impact-heading';
  return (
    <section aria-labelledby={heading} className={mine ? 'flex flex-col gap-3' : 'flex flex-col gap-4 rounded-box bg-indigo-50 p-6'}>
      <h2 id={heading} className={mine ? 'text-xl font-bold' : 'text-3xl font-bold'}>
        {mine ? t`Your impact` : t`Our Impact`}
      </h2>
      <dl className={mine ? 'grid grid-cols-2 gap-4' : 'grid grid-cols-2 gap-4 lg:grid-cols-4'}>
        {figures.map(([label, value, source]) => (
          <div key={label} className="rounded-box bg-base-100 p-4 shadow-sm">
            <dt className="font-medium">{label}</dt>
            <dd className="text-2xl font-bold text-indigo-900">{value}</dd>
            <dd className="text-xs text-gray-700">{source}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
