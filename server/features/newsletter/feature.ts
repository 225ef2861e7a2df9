import type { Feature } from '../../feature';
import { lookupPreferencesPage, preferencesRoutes } from './preferences-routes';
import { newsletterRoutes } from './routes';
import { signupLinkRoutes } from './signup-link-routes';
import { newsletterPersonalData } from './repo';

export const newsletterFeature: Feature = {
  name: 'newsletter',
  async routes(app, { ctx }) {
    await app.register(newsletterRoutes, ctx);
    await app.register(signupLinkRoutes, ctx);
    await app.register(preferencesRoutes, ctx);
  },
  lookups: ({ ctx }) => [lookupPreferencesPage(ctx)],
  personalData: newsletterPersonalData,
};
