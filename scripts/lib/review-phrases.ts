/**
 * Sentence bank of the review generator, each sentence with the aspect opinions it expresses (the
 * generator's truth). Written by the engine side for scale tests and for `npm run eval`'s count
 * check — never training data. Slots: {tech} technician, {town} service area, {service} a service
 * in lower case, {n} a small number, {amount} a dollar amount, {weekday}.
 */
import type { Polarity } from '../../core/schemas/insights-schema.ts';

export interface Phrase {
  text: string;
  /** Aspect → polarity the sentence expresses; empty for background and verdicts without an aspect. */
  labels: Record<string, Polarity>;
}

const p = (text: string, labels: Record<string, Polarity> = {}): Phrase => ({ text, labels });

/** Sentences that praise one aspect (a few praise two). */
export const PRAISE: readonly Phrase[] = [
  p('The crew showed up at 7:30 sharp and finished by mid-afternoon.', { timeliness: 'positive' }),
  p('They started on the day they promised and were done in {n} days.', { timeliness: 'positive' }),
  p('{tech} got us on the schedule within a week.', { timeliness: 'positive' }),
  p('Two years and three big storms later, not a single leak.', { workmanship: 'positive' }),
  p('The new roof looks fantastic from the street.', { workmanship: 'positive' }),
  p('The flashing around the chimney is neat and tight, and the ceiling stain is finally gone.', { workmanship: 'positive' }),
  p('{tech} found the leak that two other roofers had missed and fixed it for good.', { workmanship: 'positive' }),
  p('{tech} texted us every evening with photos of the progress.', { communication: 'positive' }),
  p('The office answered every question we had, usually within the hour.', { communication: 'positive' }),
  p('{tech} walked us through the whole plan before anyone climbed a ladder.', { communication: 'positive' }),
  p('They ran a magnet over the whole yard and we have not found a single nail.', { cleanup: 'positive' }),
  p('You would never know a crew had been here; the driveway was swept clean.', { cleanup: 'positive' }),
  p('They covered the flower beds with tarps and the yard was spotless afterwards.', { cleanup: 'positive' }),
  p('The final bill matched the written quote to the dollar.', { price: 'positive' }),
  p('Their price was about {amount} lower than the other two bids.', { price: 'positive' }),
  p('Fair price, and no surprise charges at the end.', { price: 'positive' }),
  p('Everyone on the crew was polite and respectful of our home.', { professionalism: 'positive' }),
  p('{tech} was honest with us and talked us out of a repair we did not need.', { professionalism: 'positive' }),
  p('The crew was courteous and friendly the whole time.', { professionalism: 'positive' }),
  p('When a shingle lifted last winter, they came out under warranty the same week at no charge.', { warranty: 'positive' }),
  p('They stood behind their work when a vent boot started to drip.', { warranty: 'positive' }),
  p('{tech} met the adjuster on the roof and got the claim approved.', { insurance: 'positive' }),
  p('They handled all the back and forth with our insurance company, and we only paid the deductible.', { insurance: 'positive' }),
  p('{tech} was on time every day and kept us posted on each step.', { timeliness: 'positive', communication: 'positive' }),
  p('Great work at a fair price.', { workmanship: 'positive', price: 'positive' }),
];

/** Sentences that complain about one aspect (a few about two). */
export const COMPLAINTS: readonly Phrase[] = [
  p('Nobody showed up on the day they promised, and it happened twice.', { timeliness: 'negative' }),
  p('A two-day job stretched into three weeks.', { timeliness: 'negative' }),
  p('We waited over a month just to get on the schedule.', { timeliness: 'negative' }),
  p('The ceiling stain came back after the first heavy rain.', { workmanship: 'negative' }),
  p('Several shingles were crooked and one ridge cap blew off within a month.', { workmanship: 'negative' }),
  p('The skylight still leaks after two visits.', { workmanship: 'negative' }),
  p('We had to call three times before anyone called us back.', { communication: 'negative' }),
  p('Nobody told us the crew was coming, so the cars were still in the driveway.', { communication: 'negative' }),
  p('Our emails went unanswered for a week.', { communication: 'negative' }),
  p('We found nails in the driveway for weeks afterwards.', { cleanup: 'negative' }),
  p('They left shingle scraps in the flower beds and trampled the hostas.', { cleanup: 'negative' }),
  p('The dumpster sat on our lawn for ten days after the job was done.', { cleanup: 'negative' }),
  p('The bill was {amount} higher than the estimate.', { price: 'negative' }),
  p('They added fees at the end that were never in the quote.', { price: 'negative' }),
  p('Way overpriced for a simple repair.', { price: 'negative' }),
  p('One of the crew was rude to my neighbor.', { professionalism: 'negative' }),
  p('The salesman was pushy and tried to sell us a whole new roof.', { professionalism: 'negative' }),
  p('The office lost our paperwork twice.', { professionalism: 'negative' }),
  p('When the flashing failed, they refused to honor the warranty.', { warranty: 'negative' }),
  p('We are still waiting for the warranty certificate they promised.', { warranty: 'negative' }),
  p('They never submitted the supplement to our insurance, so the claim stalled for months.', { insurance: 'negative' }),
  p('The insurance paperwork they sent had the wrong address on it.', { insurance: 'negative' }),
  p('Late every morning and impossible to reach by phone.', { timeliness: 'negative', communication: 'negative' }),
  p('Sloppy work and a mess in the yard.', { workmanship: 'negative', cleanup: 'negative' }),
];

/** Plain facts: an aspect is spoken of without an opinion of the contractor (neutral truth). */
export const FACTS: readonly Phrase[] = [
  p('The adjuster came out on a {weekday}.', { insurance: 'neutral' }),
  p('We paid with a check after the final walkthrough.', { price: 'neutral' }),
  p('The warranty is ten years on workmanship.', { warranty: 'neutral' }),
  p('The crew arrived around eight.', { timeliness: 'neutral' }),
];

/** Background with no aspect: what happened and where. */
export const BACKGROUND: readonly Phrase[] = [
  p('We hired them for {service} in {town}.'),
  p('A hail storm in May did a number on our house.'),
  p('Our old roof was about twenty years old.'),
  p('We needed {service} after a windstorm.'),
  p('A neighbor recommended them.'),
  p('We got three bids before choosing them.'),
  p('This was our second time using them, this time for {service}.'),
  p('We live in {town} and found them online.'),
];

/** Openers and closers: verdicts with no aspect. */
export const CLOSERS: readonly Phrase[] = [
  p('Would recommend.'),
  p('Thanks again!'),
  p('Not happy.'),
  p('We will use them again.'),
  p('I would think twice.'),
  p(''),
];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
