/** A month's days by status, as attendance counts them and payroll prints them. A half-day counts in halfDays. */
export interface DayCounts {
  present: number;
  halfDays: number;
  leave: number;
  holidays: number;
  weeklyOffs: number;
  absent: number;
  /** Days before the professional joined (decision 033): neither paid nor absent. */
  notJoined: number;
}
