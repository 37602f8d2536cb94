// Payroll (decision 034): structures, deductions, the month's calculation, payment exactly once through the ledger,
// salary runs as database jobs, expenses and slips. Paise inside; rupees only in the *Out shapes.

export type { Line } from './calc';
export { calcOut, calculate, monthList, type Status, summary } from './calculation';
export { lastFullMonth, type Month, monthOf } from './common';
export * from './deductions';
export * from './expenses';
export { NoStructure, pay } from './payment';
export * from './runs';
export * from './slips';
export * from './statutoryDues';
export * from './structures';
