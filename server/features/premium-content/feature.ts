import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { ContentStore } from '../content/store';
import { premiumContentRoutes } from './routes';

export const premiumContentFeature: Feature<{ ctx: AppContext; content: ContentStore }> = {
  name: 'premium-content',
  async routes(app, { ctx, content }) {
    await app.register(premiumContentRoutes, { ctx, content });
  },
};
