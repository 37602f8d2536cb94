import type { RoleCode } from '../../api/session';
import type { MenuSection } from '../../ui';

/**
 * One menu per role, listing every entry of its back-office menu. The sidebar shows an entry only when its page
 * exists in the route tree (see visibleMenu), so entries appear as the issues that build them land.
 */
export const MENUS: Partial<Record<RoleCode, MenuSection[]>> = {
  A: [
    { label: 'Dashboard', to: '/Dashboard/AdminDashboard' },
    {
      label: 'Zone',
      items: [
        { label: 'Add zone', to: '/Zone/ZoneAdd' },
        { label: 'Zone list', to: '/Zone/ZoneList' },
      ],
    },
    {
      label: 'Advertisement',
      items: [
        { label: 'Add advertisement', to: '/Advertisement/AddAdvertisement' },
        { label: 'Advertisement list', to: '/Advertisement/AdvertisementList' },
        { label: 'Marketing coupons', to: '/Advertisement/MarketingCoupons' },
        { label: 'Coupons history', to: '/Advertisement/MarketingCouponsHistory' },
        // Not in the admin's own menu: marketing's dashboard, which the admin reads too (decision 025).
        { label: 'Marketing dashboard', to: '/Dashboard/MarketingDashboard' },
      ],
    },
    {
      label: 'Vendor',
      items: [
        { label: 'Add vendor', to: '/Vendor/VendorAdd' },
        { label: 'Vendor list', to: '/Vendor/VendorList' },
        { label: 'Vendor wallet history', to: '/Vendor/VendorWalletHistory' },
      ],
    },
    {
      // The shared group's inventory add and list: the store's products, which the admin manages too.
      label: 'Inventory',
      items: [
        { label: 'Add inventory', to: '/Inventory/InventoryAdd' },
        { label: 'Inventory list', to: '/Inventory/InventoryList' },
      ],
    },
    {
      label: 'Employee',
      items: [
        { label: 'Add employee', to: '/Employee/EmployeeAdd' },
        { label: 'Employee list', to: '/Employee/EmployeeList' },
        // The shared group's technician add and list, beside the employee pages.
        { label: 'Add technician', to: '/Technician/TechnicianAdd' },
        { label: 'Technician list', to: '/Technician/TechnicianList' },
        { label: 'Candidate list', to: '/Employee/CandidateListHR' },
        { label: 'Rejected candidates', to: '/Employee/RejectedCandidates' },
      ],
    },
    {
      label: 'Banner',
      items: [
        { label: 'Add banner', to: '/Banner/BannerAdd' },
        { label: 'Banner list', to: '/Banner/BannerList' },
        { label: 'Add screen banner', to: '/Banner/ScreenBannerAdd' },
        { label: 'Screen banner list', to: '/Banner/ScreenBannerList' },
      ],
    },
    {
      label: 'Category',
      items: [
        { label: 'Add category', to: '/Category/CategoryAdd' },
        { label: 'Category list', to: '/Category/CategoryList' },
      ],
    },
    {
      label: 'Sub-categories',
      items: [
        { label: 'Add sub-category', to: '/SubCategory/SubCategoryAdd' },
        { label: 'Sub-category list', to: '/SubCategory/SubCategoryList' },
      ],
    },
    {
      label: 'Services',
      items: [
        { label: 'Add service', to: '/Services/ServicesAdd' },
        { label: 'Service list', to: '/Services/ServicesList' },
        { label: 'Service banners', to: '/Services/AddBannerServices' },
      ],
    },
    {
      label: 'Requests',
      items: [
        { label: 'Product requests', to: '/RequestsForProducts/ProductRequestForVendor' },
        { label: 'Request history', to: '/RequestsForProducts/HistoryOfRequests' },
      ],
    },
    {
      label: 'Orders',
      items: [
        { label: 'Unassigned orders', to: '/Orders/PendingOrders' },
        { label: 'Assigned orders', to: '/Orders/AssignedOrders' },
        { label: 'Cancelled orders', to: '/Orders/CancelledOrders' },
        { label: 'Completed orders', to: '/Orders/CompletedOrders' },
      ],
    },
    {
      label: 'Sales report',
      items: [
        { label: 'Service sales report', to: '/SalesReport/ServiceSalesReport' },
        { label: 'Vendor purchase report', to: '/SalesReport/VendorPurchaseReport' },
      ],
    },
    {
      label: 'Referral',
      items: [
        { label: 'Set referral cost', to: '/Referral/SetReferralCost' },
        { label: 'Referral history', to: '/Referral/GetReferralHistory' },
        { label: 'Referral update history', to: '/Referral/ReferralUpdateHistory' },
      ],
    },
    {
      label: 'Customer',
      items: [
        { label: 'User management', to: '/Customer/CustomerList' },
        { label: 'Customer wallet history', to: '/Customer/GetWalletHistoryCustomer' },
        { label: 'Customer queries', to: '/Customer/CustomerQueries' },
      ],
    },
    {
      // Packages add, list and update, and special offers add (decision 022).
      label: 'Packages',
      items: [
        { label: 'Add package', to: '/Packages/AddPackage' },
        { label: 'Package list', to: '/Packages/PackageList' },
        { label: 'Special offers', to: '/Packages/AddSpecialOffer' },
      ],
    },
    {
      label: 'Subscription master',
      items: [
        { label: 'Subscriptions', to: '/Subscription/GetSubscriptionDetails' },
        { label: 'Discount master', to: '/Subscription/DiscountMasterList' },
      ],
    },
    { label: 'Add balance', to: '/Accountant/AccountantWallet' },
    // Not in the admin's own menu: staff audit of provider payments (decision 013, Screens).
    { label: 'Payment intents', to: '/Payments/PaymentIntents' },
    {
      label: 'Tips',
      items: [
        { label: 'Add tips', to: '/Tips/AddTips' },
        { label: 'Tips list', to: '/Tips/TipsList' },
      ],
    },
    {
      label: 'Ratings',
      items: [
        { label: 'Rating details', to: '/Rating/RatingDetails' },
        { label: 'Feedback ratings', to: '/Rating/FeedbackRatings' },
      ],
    },
  ],
  CD: [{ label: 'Dashboard', to: '/Dashboard/Calldashboard' }],
  TE: [
    { label: 'Dashboard', to: '/Dashboard/TechnicianDashboard' },
    {
      label: 'History',
      items: [
        // Not in the technician's own menu: the shared group's list of jobs to take, and the assigned jobs
        // (decision 019).
        { label: 'Jobs to take', to: '/History/IdealOrderList' },
        { label: 'Assigned orders', to: '/History/AssignedOrderList' },
        { label: 'Accepted orders', to: '/History/AcceptedOrderList' },
        { label: 'Rejected orders', to: '/History/RejectedOrderList' },
      ],
    },
    {
      label: 'Salary slip',
      items: [
        { label: 'Salary slip', to: '/SalarySlip/SalarySlipTech' },
        { label: 'Generate salary slip', to: '/SalarySlip/GenerateSalarySliptech' },
      ],
    },
    { label: 'Attendance', to: '/Attendance/Attendance' },
    { label: 'Queries', to: '/Query/Queries' },
    // The shared group's feedback list: the ratings of their own visits.
    { label: 'Feedback', to: '/Feedback/FeedbackList' },
  ],
  IM: [
    { label: 'Dashboard', to: '/Dashboard/InventoryManagerDashBoard' },
    {
      label: 'Manage store',
      items: [
        { label: 'Add product', to: '/Managestore/AddProduct' },
        { label: 'Product list', to: '/Managestore/InventoryProductList' },
        { label: 'Product history', to: '/ManageStore/ProductHistory' },
      ],
    },
    {
      label: 'Requests',
      items: [
        { label: 'Product requests', to: '/Requests/ProductRequests' },
        { label: 'Request history', to: '/Requests/RequestHistory' },
      ],
    },
  ],
  VE: [
    { label: 'Dashboard', to: '/Dashboard/VendorDashboard' },
    {
      label: 'Store',
      items: [
        { label: 'Products', to: '/Managestore/ListProducts' },
        { label: 'Product cart', to: '/Managestore/ProductCart' },
      ],
    },
    {
      label: 'Track requests',
      items: [{ label: 'Track product requests', to: '/TrackRequest/TrackProductRequest' }],
    },
    { label: 'Technician tasks', to: '/History/TechnicianTaskList' },
    { label: 'Wallet', to: '/Wallet/WalletBalanceOfVendor' },
    {
      label: 'Professionals',
      items: [
        { label: 'Professional list', to: '/Vender/ProfessionalList' },
        { label: 'Professional orders', to: '/Professional/ProfessionalOrders' },
      ],
    },
  ],
  HR: [
    { label: 'Dashboard', to: '/Dashboard/HrDashboard' },
    {
      label: 'Employee',
      items: [
        { label: 'Employee list', to: '/Employee/Employeelist' },
        { label: 'Add employee', to: '/Employee/EmployeeAddHR' },
        { label: 'Add technician', to: '/Technician/TechnicianAdd' },
        { label: 'Technician list', to: '/Technician/TechnicianList' },
      ],
    },
    {
      label: 'Recruit staff',
      items: [
        { label: 'Recruiting count', to: '/RecruitingStaff/RecruitingCount' },
        { label: 'Recruiting history', to: '/RecruitingStaff/RecrutingHistory' },
        { label: 'Screened list', to: '/RecruitingStaff/ScreenedList' },
        { label: 'Interviewed', to: '/RecruitingStaff/Interviewed' },
        { label: 'Finalised list', to: '/RecruitingStaff/FinalisedList' },
        { label: 'Onboarding', to: '/RecruitingStaff/AppointedList' },
        { label: 'Admin rejected list', to: '/RecruitingStaff/RejectedCandidates' },
        { label: 'Add candidate', to: '/RecruitingStaff/AddCandidate' },
        { label: 'All candidates', to: '/RecruitingStaff/Candidates' },
        { label: 'Salary structure', to: '/SalaryStructure/ViewSalaryStructure' },
        { label: 'Salary deductions', to: '/SalaryStructure/SalaryDeductions' },
      ],
    },
    {
      label: 'Pay module',
      items: [
        { label: 'Salary disbursed', to: '/PayModule/SalaryDisbursed' },
        { label: 'Expenses disbursed', to: '/PayModule/ExpensesDisbursed' },
        { label: 'Manual salary process', to: '/PayModule/ManualSalaryProcess' },
        { label: 'Salary slip', to: '/PayModule/SalarySlip' },
      ],
    },
    {
      label: 'Reports',
      items: [
        { label: 'Attendance list', to: '/Reports/AttendanceList' },
        { label: 'Holidays', to: '/Attendance/Holidays' },
        { label: 'Monthly employee details', to: '/Reports/MonthlyEmployeeDetails' },
        { label: 'Month-wise recruitment', to: '/Reports/MonthWiseRecruitment' },
      ],
    },
  ],
  MR: [
    { label: 'Dashboard', to: '/Dashboard/MarketingDashboard' },
    { label: 'Share referral', to: '/share/sharerefral' },
    {
      label: 'Coupons',
      items: [
        { label: 'Add coupon', to: '/Coupons/AddCoupons' },
        { label: 'Coupon list', to: '/Coupons/CouponsList' },
        { label: 'Coupons history', to: '/Coupons/CouponsHistory' },
      ],
    },
  ],
  AC: [
    { label: 'Dashboard', to: '/Dashboard/AccountDashboard' },
    { label: 'Employee salary', to: '/PayModule/EmployeeSalaryList' },
    // The admin's 'Add Balance' page is the accountant's too, with the payment audit (decision 013, Screens).
    { label: 'Add balance', to: '/Accountant/AccountantWallet' },
    { label: 'Payment intents', to: '/Payments/PaymentIntents' },
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
