import { expect, it } from 'vitest';
import { registerSchema, loginSchema } from './auth/schemas';
import { breakdownRequestSchema } from './checkup/schemas';
import { contactMessageSchema } from './contact/schemas';
import { emailOnlySchema, newsletterSignupSchema } from './newsletter/schemas';

const firstEmailMessage = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  email: unknown,
) => schema.safeParse({ email }).error?.issues.find((issue) => issue.path[0] === 'email')?.message;

it('gives one message for a bad email on every form', () => {
  for (const schema of [registerSchema, loginSchema, breakdownRequestSchema, contactMessageSchema, newsletterSignupSchema, emailOnlySchema]) {
    for (const bad of ['', 'nope', 42, undefined, `${'a'.repeat(250)}@example.org`]) {
      const message = firstEmailMessage(schema, bad);
      expect(
        message === 'Please enter a valid email address' || message === 'Email must be at most 254 characters',
        `${String(bad).slice(0, 20)}: ${message}`,
      ).toBe(true);
    }
  }
});
