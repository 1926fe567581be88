/** Every contract a plugin may implement, in one import. */
export * from './browser-driver';
export * from './lifecycle';
export * from './storage';
