export * from './accounts';
export * from './catalogue';
export * from './geo';
export * from './system';
export * from './wallets';
