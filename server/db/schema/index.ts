export * from './accounts';
export * from './catalogue';
export * from './customerCare';
export * from './geo';
export * from './orders';
export * from './professionals';
export * from './system';
export * from './wallets';
