import { z } from '../zod';

/**
 * What a person can choose to receive (decision 046), from the preferences link of every email.
 * 'weekly-dish' is the newsletter subscription itself (its editions and the premium
 * announcements); the others are kinds of news mail that can each be left.
 */
export const mailTopics = ['weekly-dish', 'events', 'allies'] as const;
export type MailTopic = (typeof mailTopics)[number];
/** The topics one can leave without leaving the newsletter: stored as opt-outs. */
export const newsTopics = ['events', 'allies'] as const;
export type NewsTopic = (typeof newsTopics)[number];

export const mailTopicLabels: Record<MailTopic, { name: string; about: string }> = {
  'weekly-dish': { name: 'The Weekly Dish', about: 'The free Tuesday newsletter, and announcements for premium members.' },
  events: { name: 'Webinar and event news', about: 'News about webinars, such as a recording being ready.' },
  allies: { name: 'Allies news', about: 'The vendors new to the Allies Directory, on Mondays when there are any (for premium members).' },
};

const tokenSchema = z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(1000, 'The link is not valid');

export const preferencesQuerySchema = z.object({ token: tokenSchema }).strict();

/** A save: every topic, on or off. */
export const preferencesSaveSchema = z
  .object({
    token: tokenSchema,
    topics: z
      .object(
        Object.fromEntries(mailTopics.map((topic) => [topic, z.boolean({ error: `${mailTopicLabels[topic].name} must be on or off` })])) as Record<
          MailTopic,
          z.ZodBoolean
        >,
        { error: 'Topics must say, for each topic, whether it is on or off' },
      )
      .strict(),
  })
  .strict();
export type PreferencesSave = z.infer<typeof preferencesSaveSchema>;

/**
 * The same save from the page's plain HTML form (no scripts): a ticked box sends its name with
 * "on", an unticked one sends nothing.
 */
export const preferencesFormSchema = z
  .object({ token: tokenSchema, ...Object.fromEntries(mailTopics.map((topic) => [topic, z.literal('on').optional()])) })
  .strict()
  .transform((form): PreferencesSave => ({
    token: form.token,
    topics: Object.fromEntries(mailTopics.map((topic) => [topic, (form as Record<string, unknown>)[topic] === 'on'])) as Record<MailTopic, boolean>,
  }));

export interface Preferences {
  email: string;
  topics: Record<MailTopic, boolean>;
  /** Why The Weekly Dish cannot be chosen here (the address bounced), if it cannot. */
  weeklyDishLocked: string | null;
  message?: string;
}
