/**
 * The screens of sign-in, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const LoginPage = () => import('./LoginPage');
export const RegisterPage = () => import('./RegisterPage');
export const ConfigPage = () => import('./ConfigPage');
export const ResetPasswordPage = () => import('./ResetPasswordPage');
export const AcceptInvitationPage = () => import('./AcceptInvitationPage');
