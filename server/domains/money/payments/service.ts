/**
 * Payments through a provider (decision 013): intents, wallet top-ups, the one settle, and the staff's pages. The
 * module's public face: the door and the other modules import this file.
 */
export {
  createIntent,
  findIntent,
  type NewPayment,
  type PurposeHandler,
  registerPurpose,
  requestProviderOrder,
} from './intents';
export * from './settle';
export * from './staff';
export * from './topUp';
