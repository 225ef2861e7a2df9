import type { Feature } from '../../feature';
import { sendAlliesNews } from './news';
import { alliesRoutes } from './routes';
import { alliesPersonalData } from './repo';

export const alliesFeature: Feature = {
  name: 'allies',
  async routes(app, { ctx }) {
    await app.register(alliesRoutes, ctx);
  },
  jobs: ({ ctx }) => [
    // The week's new allies to premium members who keep the topic, once a week per member (decision 053).
    { name: 'allies-news', cron: '0 15 * * 1', run: async () => void (await sendAlliesNews(ctx)) },
  ],
  personalData: alliesPersonalData,
};
