import type { RoleCode } from '../../api/session';
import type { MenuSection } from '../../ui';

/** A menu entry that is one link. */
const link = (label: string, to: string): MenuSection => ({ label, to });

/** A menu entry that opens a group of links, each given as its label and path. */
const group = (label: string, ...items: [label: string, to: string][]): MenuSection => ({
  label,
  items: items.map(([itemLabel, to]) => ({ label: itemLabel, to })),
});

// The shared group's technician add and list, in the admin's and HR's employee groups.
const TECHNICIAN_PAGES: [label: string, to: string][] = [
  ['Add technician', '/Technician/TechnicianAdd'],
  ['Technician list', '/Technician/TechnicianList'],
];

// The admin's 'Add Balance' page is the accountant's too, with the staff audit of provider payments (decision 013,
// Screens); the audit is not in the admin's own menu.
const BALANCE_PAGES = [
  link('Add balance', '/Accountant/AccountantWallet'),
  link('Payment intents', '/Payments/PaymentIntents'),
];

// The books and profit per professional (decisions 059 and 060): the admin's and the accountant's, in one group.
const BOOKS = group(
  'Books',
  ['Trial balance', '/Accounts/TrialBalance'],
  ['Account statement', '/Accounts/AccountStatement'],
  ['Day book', '/Accounts/DayBook'],
  ['Profit per professional', '/Reports/ProfitPerProfessional'],
);

// SPEC §2's admin group, which the accountant reads too (decision 057).
const SALES_REPORTS = group(
  'Sales report',
  ['Service sales report', '/SalesReport/ServiceSalesReport'],
  ['Vendor purchase report', '/SalesReport/VendorPurchaseReport'],
);

/**
 * One menu per role, listing every entry of its back-office menu. The sidebar shows an entry only when its page
 * exists in the route tree (see visibleMenu), so entries appear as the issues that build them land.
 */
export const MENUS: Partial<Record<RoleCode, MenuSection[]>> = {
  A: [
    link('Dashboard', '/Dashboard/AdminDashboard'),
    group('Zone', ['Add zone', '/Zone/ZoneAdd'], ['Zone list', '/Zone/ZoneList']),
    group(
      'Advertisement',
      ['Add advertisement', '/Advertisement/AddAdvertisement'],
      ['Advertisement list', '/Advertisement/AdvertisementList'],
      ['Marketing coupons', '/Advertisement/MarketingCoupons'],
      ['Coupons history', '/Advertisement/MarketingCouponsHistory'],
      // Not in the admin's own menu: marketing's dashboard, which the admin reads too (decision 025).
      ['Marketing dashboard', '/Dashboard/MarketingDashboard'],
    ),
    group(
      'Vendor',
      ['Add vendor', '/Vendor/VendorAdd'],
      ['Vendor list', '/Vendor/VendorList'],
      ['Vendor wallet history', '/Vendor/VendorWalletHistory'],
    ),
    // The shared group's inventory add and list: the store's products, which the admin manages too.
    group('Inventory', ['Add inventory', '/Inventory/InventoryAdd'], ['Inventory list', '/Inventory/InventoryList']),
    group(
      'Employee',
      ['Add employee', '/Employee/EmployeeAdd'],
      ['Employee list', '/Employee/EmployeeList'],
      ...TECHNICIAN_PAGES,
      ['Candidate list', '/Employee/CandidateListHR'],
      ['Rejected candidates', '/Employee/RejectedCandidates'],
    ),
    group(
      'Banner',
      ['Add banner', '/Banner/BannerAdd'],
      ['Banner list', '/Banner/BannerList'],
      ['Add screen banner', '/Banner/ScreenBannerAdd'],
      ['Screen banner list', '/Banner/ScreenBannerList'],
    ),
    group('Category', ['Add category', '/Category/CategoryAdd'], ['Category list', '/Category/CategoryList']),
    group(
      'Sub-categories',
      ['Add sub-category', '/SubCategory/SubCategoryAdd'],
      ['Sub-category list', '/SubCategory/SubCategoryList'],
    ),
    group(
      'Services',
      ['Add service', '/Services/ServicesAdd'],
      ['Service list', '/Services/ServicesList'],
      ['Service banners', '/Services/AddBannerServices'],
    ),
    group(
      'Requests',
      ['Product requests', '/RequestsForProducts/ProductRequestForVendor'],
      ['Request history', '/RequestsForProducts/HistoryOfRequests'],
    ),
    group(
      'Orders',
      ['Unassigned orders', '/Orders/PendingOrders'],
      ['Assigned orders', '/Orders/AssignedOrders'],
      ['Cancelled orders', '/Orders/CancelledOrders'],
      ['Completed orders', '/Orders/CompletedOrders'],
    ),
    SALES_REPORTS,
    group(
      'Referral',
      ['Set referral cost', '/Referral/SetReferralCost'],
      ['Referral history', '/Referral/GetReferralHistory'],
      ['Referral update history', '/Referral/ReferralUpdateHistory'],
    ),
    group(
      'Customer',
      ['User management', '/Customer/CustomerList'],
      ['Customer wallet history', '/Customer/GetWalletHistoryCustomer'],
      ['Customer queries', '/Customer/CustomerQueries'],
    ),
    // Packages add, list and update, and special offers add (decision 022).
    group(
      'Packages',
      ['Add package', '/Packages/AddPackage'],
      ['Package list', '/Packages/PackageList'],
      ['Special offers', '/Packages/AddSpecialOffer'],
    ),
    group(
      'Subscription master',
      ['Subscriptions', '/Subscription/GetSubscriptionDetails'],
      ['Discount master', '/Subscription/DiscountMasterList'],
    ),
    ...BALANCE_PAGES,
    BOOKS,
    link('GST returns', '/Accountant/GstReturns'),
    group('Tips', ['Add tips', '/Tips/AddTips'], ['Tips list', '/Tips/TipsList']),
    group('Ratings', ['Rating details', '/Rating/RatingDetails'], ['Feedback ratings', '/Rating/FeedbackRatings']),
    // Not in the admin's own menu: the job runner's queues and failed jobs (decision 065).
    group('System', ['Jobs', '/System/Jobs']),
  ],
  CD: [link('Dashboard', '/Dashboard/Calldashboard')],
  TE: [
    link('Dashboard', '/Dashboard/TechnicianDashboard'),
    group(
      'History',
      // Not in the technician's own menu: the shared group's list of jobs to take, and the assigned jobs
      // (decision 019).
      ['Jobs to take', '/History/IdealOrderList'],
      ['Assigned orders', '/History/AssignedOrderList'],
      ['Accepted orders', '/History/AcceptedOrderList'],
      ['Rejected orders', '/History/RejectedOrderList'],
    ),
    group(
      'Salary slip',
      ['Salary slip', '/SalarySlip/SalarySlipTech'],
      ['Generate salary slip', '/SalarySlip/GenerateSalarySliptech'],
    ),
    link('Attendance', '/Attendance/Attendance'),
    link('Queries', '/Query/Queries'),
    // The shared group's feedback list: the ratings of their own visits.
    link('Feedback', '/Feedback/FeedbackList'),
  ],
  IM: [
    link('Dashboard', '/Dashboard/InventoryManagerDashBoard'),
    group(
      'Manage store',
      ['Add product', '/Managestore/AddProduct'],
      ['Product list', '/Managestore/InventoryProductList'],
      ['Product history', '/ManageStore/ProductHistory'],
    ),
    group(
      'Requests',
      ['Product requests', '/Requests/ProductRequests'],
      ['Request history', '/Requests/RequestHistory'],
    ),
  ],
  VE: [
    link('Dashboard', '/Dashboard/VendorDashboard'),
    group('Store', ['Products', '/Managestore/ListProducts'], ['Product cart', '/Managestore/ProductCart']),
    group('Track requests', ['Track product requests', '/TrackRequest/TrackProductRequest']),
    link('Technician tasks', '/History/TechnicianTaskList'),
    link('Wallet', '/Wallet/WalletBalanceOfVendor'),
    group(
      'Professionals',
      ['Professional list', '/Vender/ProfessionalList'],
      ['Professional orders', '/Professional/ProfessionalOrders'],
    ),
  ],
  HR: [
    link('Dashboard', '/Dashboard/HrDashboard'),
    group(
      'Employee',
      ['Employee list', '/Employee/Employeelist'],
      ['Add employee', '/Employee/EmployeeAddHR'],
      ...TECHNICIAN_PAGES,
    ),
    group(
      'Recruit staff',
      ['Recruiting count', '/RecruitingStaff/RecruitingCount'],
      ['Recruiting history', '/RecruitingStaff/RecrutingHistory'],
      ['Screened list', '/RecruitingStaff/ScreenedList'],
      ['Interviewed', '/RecruitingStaff/Interviewed'],
      ['Finalised list', '/RecruitingStaff/FinalisedList'],
      ['Onboarding', '/RecruitingStaff/AppointedList'],
      ['Admin rejected list', '/RecruitingStaff/RejectedCandidates'],
      ['Add candidate', '/RecruitingStaff/AddCandidate'],
      ['All candidates', '/RecruitingStaff/Candidates'],
      ['Salary structure', '/SalaryStructure/ViewSalaryStructure'],
      ['Salary deductions', '/SalaryStructure/SalaryDeductions'],
    ),
    group(
      'Pay module',
      ['Salary disbursed', '/PayModule/SalaryDisbursed'],
      ['Expenses disbursed', '/PayModule/ExpensesDisbursed'],
      ['Manual salary process', '/PayModule/ManualSalaryProcess'],
      ['Salary slip', '/PayModule/SalarySlip'],
    ),
    group(
      'Reports',
      ['Attendance list', '/Reports/AttendanceList'],
      ['Holidays', '/Attendance/Holidays'],
      ['Monthly employee details', '/Reports/MonthlyEmployeeDetails'],
      ['Month-wise recruitment', '/Reports/MonthWiseRecruitment'],
    ),
  ],
  MR: [
    link('Dashboard', '/Dashboard/MarketingDashboard'),
    link('Share referral', '/share/sharerefral'),
    group(
      'Coupons',
      ['Add coupon', '/Coupons/AddCoupons'],
      ['Coupon list', '/Coupons/CouponsList'],
      ['Coupons history', '/Coupons/CouponsHistory'],
    ),
  ],
  AC: [
    link('Dashboard', '/Dashboard/AccountDashboard'),
    link('Employee salary', '/PayModule/EmployeeSalaryList'),
    link('Statutory dues', '/PayModule/StatutoryDues'),
    ...BALANCE_PAGES,
    BOOKS,
    link('GST returns', '/Accountant/GstReturns'),
    SALES_REPORTS,
  ],
};

/** The role's menu limited to pages that exist; null when the role has no back-office menu. */
export function visibleMenu(role: RoleCode, exists: (path: string) => boolean): MenuSection[] | null {
  const menu = MENUS[role];
  if (!menu) return null;
  const out: MenuSection[] = [];
  for (const section of menu) {
    if (section.to) {
      if (exists(section.to)) out.push(section);
      continue;
    }
    const items = (section.items ?? []).filter((i) => exists(i.to));
    if (items.length) out.push({ ...section, items });
  }
  return out;
}
