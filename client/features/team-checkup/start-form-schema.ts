import { ROUND_MINIMUM, roundMessages, roundStartSchema } from '#shared/team-checkup/schemas';
import { z } from '#shared/zod';

/** The addresses typed in the box, one a line (commas and semicolons also part them), blanks left out. */
export const emailLines = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(/[\n,;]+/)
        .map((line) => line.trim())
        .filter(Boolean)
    : value;

/**
 * The "Start a round" form's rules: the shared schema's (its messages), the addresses typed as
 * lines, the closing day within the days allowed on the site's clock, and enough people asked
 * for a result to show, said before the server would refuse it.
 */
export function startFormSchema(days: { first: string; last: string }) {
  return roundStartSchema.extend({ emails: z.preprocess(emailLines, roundStartSchema.shape.emails) }).superRefine((value, ctx) => {
    if (value.closesOn < days.first) ctx.addIssue({ code: 'custom', path: ['closesOn'], message: roundMessages.closeInPast });
    else if (value.closesOn > days.last) ctx.addIssue({ code: 'custom', path: ['closesOn'], message: roundMessages.closeTooLate });
    const asked = new Set([...value.memberIds, ...value.emails.map((email) => email.toLowerCase())]);
    if (asked.size < ROUND_MINIMUM) ctx.addIssue({ code: 'custom', path: ['people'], message: roundMessages.tooFew });
  });
}

export type StartFormInput = z.input<ReturnType<typeof startFormSchema>>;
export type StartFormOutput = z.output<ReturnType<typeof startFormSchema>>;
