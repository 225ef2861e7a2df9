import type { Feature } from '../../feature';
import { bounceAdminRoutes } from './admin-routes';
import { pollBounceMailbox } from './mailbox';
import { bounceWebhookRoutes } from './routes';
import { bouncesPersonalData } from './repo';

export const bouncesFeature: Feature = {
  name: 'bounces',
  async routes(app, { ctx }) {
    await app.register(bounceWebhookRoutes, ctx);
    await app.register(bounceAdminRoutes, ctx);
  },
  jobs: ({ ctx, log }) => {
    const { BOUNCE_IMAP_URL: url, BOUNCE_IMAP_USER: user, BOUNCE_IMAP_PASSWORD: password, BOUNCE_IMAP_MAILBOX: mailbox } = ctx.env;
    // Bounces and complaints in the bounce mailbox, read once across servers (decision 043); without settings, nothing to read.
    if (!url || !user || !password) return [];
    return [{ name: 'bounce-mailbox', cron: '* * * * *', run: () => pollBounceMailbox(ctx.db, { url, user, password, mailbox }, log) }];
  },
  personalData: bouncesPersonalData,
};
