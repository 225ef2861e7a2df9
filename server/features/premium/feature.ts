import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { ContentStore } from '../content/store';
import { premiumRoutes } from './routes';

export const premiumFeature: Feature<{ ctx: AppContext; content: ContentStore }> = {
  name: 'premium',
  async routes(app, { ctx, content }) {
    await app.register(premiumRoutes, { ctx, content });
  },
};
