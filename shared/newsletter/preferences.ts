import { z } from '../zod';

/**
 * The kinds of mail an address can leave (decision 071), each stored as an opt-out when left
 * (`mail_topic_opt_outs.topic`): the newsletter (its editions and the premium announcements), the
 * webinar and event news, the Allies news, the Check-Up's follow-ups and its retake reminders, and
 * the team Check-Up's invitations and reminders, and the plans' reminders.
 * Mails about a person's own account, payments and bookings are no topic: they always go. A
 * later kind of mail that can be left is a new value here, shown on /preferences at once.
 */
export const mailTopics = ['newsletter', 'events', 'allies', 'follow-ups', 'retake-reminders', 'team-checkup', 'plan-reminders'] as const;
export type MailTopic = (typeof mailTopics)[number];

export const mailTopicLabels: Record<MailTopic, { name: string; about: string }> = {
  newsletter: { name: 'The Weekly Dish', about: 'The free Tuesday newsletter, and announcements for premium members.' },
  events: { name: 'Webinar and event news', about: 'News about webinars, such as a recording being ready.' },
  allies: { name: 'Allies news', about: 'The vendors new to the Allies Directory, on Mondays when there are any (for premium members).' },
  'follow-ups': { name: 'Check-Up follow-ups', about: 'A few emails after a Check-Up, with guides and resources for what your results showed.' },
  'retake-reminders': { name: 'Check-Up reminders', about: 'One email offering a retake a few months after each Check-Up.' },
  'team-checkup': { name: 'Team Check-Up invitations', about: 'Invitations and reminders to answer a team Check-Up someone asked you to take.' },
  'plan-reminders': {
    name: 'Plan reminders',
    about: 'Emails when actions in your plan are due soon or overdue, and when it is time to take the Check-Up again.',
  },
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
  .object({
    token: tokenSchema,
    ...Object.fromEntries(mailTopics.map((topic) => [topic, z.literal('on', { error: `${mailTopicLabels[topic].name} is ticked or left out` }).optional()])),
  })
  .strict()
  .transform((form): PreferencesSave => ({
    token: form.token,
    topics: Object.fromEntries(mailTopics.map((topic) => [topic, (form as Record<string, unknown>)[topic] === 'on'])) as Record<MailTopic, boolean>,
  }));

export interface Preferences {
  email: string;
  topics: Record<MailTopic, boolean>;
  /** Why the newsletter cannot be chosen here (mail to the address was refused), if it cannot. */
  newsletterLocked: string | null;
  message?: string;
}
