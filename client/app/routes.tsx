import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { routes } from '#shared/routes';
import { Layout } from './layout';

type Page = LazyExoticComponent<ComponentType>;

const Home = lazy(() => import('../pages/home'));
const Auth = lazy(() => import('../pages/auth'));
const ResetPassword = lazy(() => import('../pages/reset-password'));
const AdminSetup = lazy(() => import('../pages/admin-setup'));
const StartHere = lazy(() => import('../pages/start-here'));
const Resources = lazy(() => import('../pages/resources'));
const FieldGuides = lazy(() => import('../pages/field-guides'));
const FivePillars = lazy(() => import('../pages/five-pillars'));
const FieldGuide = lazy(() => import('../pages/field-guide'));
const Newsletter = lazy(() => import('../pages/newsletter'));
const FreeResources = lazy(() => import('../pages/free-resources'));
const CreateProfile = lazy(() => import('../pages/create-profile'));
const WeeklyDish = lazy(() => import('../pages/weekly-dish'));
const Welcome = lazy(() => import('../pages/welcome'));
const PremiumWelcome = lazy(() => import('../pages/premium-welcome'));
const Contact = lazy(() => import('../pages/contact'));
const Checkup = lazy(() => import('../pages/checkup'));
const CheckupResults = lazy(() => import('../pages/checkup-results'));
const LegalPrivacy = lazy(() => import('../pages/legal-privacy'));
const LegalTerms = lazy(() => import('../pages/legal-terms'));
const LegalCookies = lazy(() => import('../pages/legal-cookies'));

/**
 * The screen of each route of the shared route table, each its own chunk so a visit loads only
 * what it shows. A route without a screen yet shows the marked placeholder.
 */
const pages: Record<string, Page> = {
  '/': Home,
  '/auth': Auth,
  '/reset-password': ResetPassword,
  '/admin-setup': AdminSetup,
  '/start-here': StartHere,
  '/resources': Resources,
  '/field-guides': FieldGuides,
  '/five-pillars': FivePillars,
  '/field-guide/impact': FieldGuide,
  '/field-guide/humans': FieldGuide,
  '/field-guide/fuel': FieldGuide,
  '/field-guide/gears': FieldGuide,
  '/field-guide/future': FieldGuide,
  '/newsletter': Newsletter,
  '/free-resources': FreeResources,
  '/create-profile': CreateProfile,
  '/weekly-dish': WeeklyDish,
  '/welcome': Welcome,
  '/premium-welcome': PremiumWelcome,
  '/contact': Contact,
  '/checkup': Checkup,
  '/checkup/results/:id': CheckupResults,
  '/privacy-policy': LegalPrivacy,
  '/terms-of-service': LegalTerms,
  '/cookie-policy': LegalCookies,
};

const Placeholder = lazy(() => import('../pages/placeholder'));
const NotFound = lazy(() => import('../pages/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.map((route) => {
          const Page = pages[route.path] ?? Placeholder;
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
