/** The signed-in user's profile and password, registration and password reset. */
export * from './forgot-password.ts';
export * from './get-user-info.ts';
export * from './register.ts';
export * from './reset-password.ts';
export * from './schemas.ts';
export * from './send-register-code.ts';
export * from './update-password.ts';
export * from './update-profile.ts';
