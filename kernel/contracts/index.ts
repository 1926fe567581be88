/** Every contract a plugin may implement, in one import. */
export * from './agent';
export * from './browser-driver';
export * from './codegen-emitter';
export * from './lifecycle';
export * from './llm-provider';
export * from './route';
export * from './storage';
export * from './tool';
