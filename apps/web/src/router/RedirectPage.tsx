import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>: replaces itself with /<path> (used to reload a screen, e.g. from the tab bar). */
export default function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${location.search}`} replace />;
}
