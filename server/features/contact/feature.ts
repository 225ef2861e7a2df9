import type { Feature } from '../../feature';
import { contactRoutes } from './routes';
import { contactPersonalData } from './repo';

export const contactFeature: Feature = {
  name: 'contact',
  async routes(app, { ctx }) {
    await app.register(contactRoutes, ctx);
  },
  personalData: contactPersonalData,
};
