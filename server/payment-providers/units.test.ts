import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { parseDuration } from './clock';
import { addPeriod, checkTestCard, LocalProvider, signPayload } from './local-provider';
import { isLive, PaymentDeclinedError, toPaymentEvent, WebhookSignatureError } from './provider';
import type { Database } from '../db/client';

describe('toPaymentEvent', () => {
  it('finds the subscription and member of each event type the applier uses', () => {
    expect(toPaymentEvent({ id: 'e1', type: 'customer.subscription.updated', data: { object: { id: 'sub_1' } } })).toEqual({
      id: 'e1',
      type: 'customer.subscription.updated',
      subscriptionId: 'sub_1',
      userId: null,
      invoice: null,
    });
    expect(
      toPaymentEvent({ id: 'e2', type: 'checkout.session.completed', data: { object: { id: 'cs_1', subscription: 'sub_2', client_reference_id: 'u1' } } }),
    ).toMatchObject({ subscriptionId: 'sub_2', userId: 'u1' });
    // An expanded subscription object is read by its id.
    expect(toPaymentEvent({ id: 'e3', type: 'checkout.session.completed', data: { object: { subscription: { id: 'sub_3' } } } }).subscriptionId).toBe('sub_3');
    expect(
      toPaymentEvent({
        id: 'e4',
        type: 'invoice.paid',
        data: { object: { id: 'in_1', amount_paid: 19000, amount_due: 19000, currency: 'usd', parent: { subscription_details: { subscription: 'sub_4' } } } },
      }),
    ).toMatchObject({ subscriptionId: 'sub_4', invoice: { id: 'in_1', amountCents: 19000, currency: 'usd' } });
    // Before API version 2025-03-31 the invoice named its subscription directly.
    expect(
      toPaymentEvent({ id: 'e5', type: 'invoice.payment_failed', data: { object: { id: 'in_2', subscription: 'sub_5', amount_due: 1900 } } }),
    ).toMatchObject({ subscriptionId: 'sub_5', invoice: { amountCents: 1900 } });
    expect(toPaymentEvent({ id: 'e6', type: 'charge.refunded', data: { object: { id: 'ch_1' } } })).toMatchObject({ subscriptionId: null, invoice: null });
  });

  it('counts active, trialing and past due as paid-for; everything else as not', () => {
    expect(['active', 'trialing', 'past_due'].map(isLive)).toEqual([true, true, true]);
    expect(['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'].map(isLive)).toEqual([false, false, false, false, false]);
  });
});

describe('the local provider', () => {
  const now = new Date('2026-11-23T00:00:00Z');

  it('answers test cards as Stripe does', () => {
    expect(checkTestCard({ cardNumber: '4242424242424242', expiry: '12/34' }, now)).toEqual({ last4: '4242', failsRenewal: false });
    expect(checkTestCard({ cardNumber: '4000000000000341', expiry: '12/34' }, now)).toEqual({ last4: '0341', failsRenewal: true });
    expect(() => checkTestCard({ cardNumber: '4000000000000002', expiry: '12/34' }, now)).toThrow(new PaymentDeclinedError('Your card was declined.'));
    expect(() => checkTestCard({ cardNumber: '4242424242424241', expiry: '12/34' }, now)).toThrow('Your card number is incorrect.');
    expect(() => checkTestCard({ cardNumber: '4242424242424242', expiry: '10/26' }, now)).toThrow('Your card has expired.');
    // Valid through the end of its month.
    expect(() => checkTestCard({ cardNumber: '4242424242424242', expiry: '11 / 26' }, now)).not.toThrow();
  });

  it('adds a month or a year, at month ends too', () => {
    expect(addPeriod(new Date('2026-01-15T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addPeriod(new Date('2026-03-01T00:00:00Z'), 'yearly').toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('signs events the way Stripe does, so Stripe’s own verifier accepts them, and verifies only its own', () => {
    const local = new LocalProvider({} as Database);
    const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'in_1', subscription: 'sub_1', amount_paid: 1900 } } });
    const header = signPayload(payload, local.webhookSecret);
    expect(new Stripe('sk_test_x').webhooks.constructEvent(payload, header, local.webhookSecret).id).toBe('evt_1');
    expect(local.verifyEvent(Buffer.from(payload), header)).toMatchObject({ id: 'evt_1', subscriptionId: 'sub_1' });
    expect(() => local.verifyEvent(Buffer.from(payload), signPayload(payload, 'whsec_other'))).toThrow(WebhookSignatureError);
    expect(() => local.verifyEvent(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    expect(() => local.verifyEvent(Buffer.from(payload), signPayload(payload, local.webhookSecret, Math.floor(Date.now() / 1000) - 3600))).toThrow(/too old/);
  });
});

describe('parseDuration', () => {
  it('reads s, m, h and d; refuses anything else', () => {
    expect(parseDuration('31d')).toBe(31 * 86_400_000);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('90m')).toBe(90 * 60_000);
    expect(parseDuration('30s')).toBe(30_000);
    for (const bad of ['', '0d', '-1d', '1w', 'soon', '99999d', '1.5d']) expect(parseDuration(bad), bad).toBeUndefined();
  });
});
