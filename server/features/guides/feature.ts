import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { ContentStore } from '../content/store';
import { guidesRoutes } from './routes';

export const guidesFeature: Feature<{ ctx: AppContext; content: ContentStore }> = {
  name: 'guides',
  async routes(app, { ctx, content }) {
    await app.register(guidesRoutes, { ctx, content });
  },
};
