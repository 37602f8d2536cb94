import type { RoleCode } from '../../api/session';
import type { MenuSection } from '../../ui';

/**
 * One menu per role, listing every entry of SPEC.md §2. The sidebar shows an entry only when its page
 * exists in the route tree (see visibleMenu), so entries appear as the issues that build them land.
 */
export const MENUS: Partial<Record<RoleCode, MenuSection[]>> = {
  A: [
    { label: 'Dashboard', to: '/Dashboard/AdminDashboard' },
    {
      label: 'Zone',
      items: [
        { label: 'Add Zone', to: '/Zone/ZoneAdd' },
        { label: 'Zone List', to: '/Zone/ZoneList' },
      ],
    },
    {
      label: 'Advertisement',
      items: [
        { label: 'Add Advertisement', to: '/Advertisement/AddAdvertisement' },
        { label: 'Advertisement List', to: '/Advertisement/AdvertisementList' },
        { label: 'Marketing Coupons', to: '/Advertisement/MarketingCoupons' },
        { label: 'Coupons History', to: '/Advertisement/MarketingCouponsHistory' },
        // Not in SPEC §2's admin menu: marketing's dashboard, which the admin reads too (decision 025).
        { label: 'Marketing Dashboard', to: '/Dashboard/MarketingDashboard' },
      ],
    },
    {
      label: 'Vendor',
      items: [
        { label: 'Add Vendor', to: '/Vendor/VendorAdd' },
        { label: 'Vendor List', to: '/Vendor/VendorList' },
        { label: 'Vendor Wallet History', to: '/Vendor/VendorWalletHistory' },
      ],
    },
    {
      // The shared group's inventory add and list (SPEC §2): the store's products, which the admin manages too.
      label: 'Inventory',
      items: [
        { label: 'Add Inventory', to: '/Inventory/InventoryAdd' },
        { label: 'Inventory List', to: '/Inventory/InventoryList' },
      ],
    },
    {
      label: 'Employee',
      items: [
        { label: 'Add Employee', to: '/Employee/EmployeeAdd' },
        { label: 'Employee List', to: '/Employee/EmployeeList' },
        // The shared group's technician add and list (SPEC §2), beside the employee pages.
        { label: 'Add Technician', to: '/Technician/TechnicianAdd' },
        { label: 'Technician List', to: '/Technician/TechnicianList' },
        { label: 'Candidate List', to: '/Employee/CandidateListHR' },
        { label: 'Rejected Candidates', to: '/Employee/RejectedCandidates' },
      ],
    },
    {
      label: 'Banner',
      items: [
        { label: 'Add Banner', to: '/Banner/BannerAdd' },
        { label: 'Banner List', to: '/Banner/BannerList' },
        { label: 'Add Screen Banner', to: '/Banner/ScreenBannerAdd' },
        { label: 'Screen Banner List', to: '/Banner/ScreenBannerList' },
      ],
    },
    {
      label: 'Category',
      items: [
        { label: 'Add Category', to: '/Category/CategoryAdd' },
        { label: 'Category List', to: '/Category/CategoryList' },
      ],
    },
    {
      label: 'Sub Category',
      items: [
        { label: 'Add Sub Category', to: '/SubCategory/SubCategoryAdd' },
        { label: 'Sub Category List', to: '/SubCategory/SubCategoryList' },
      ],
    },
    {
      label: 'Services',
      items: [
        { label: 'Add Service', to: '/Services/ServicesAdd' },
        { label: 'Service List', to: '/Services/ServicesList' },
        { label: 'Service Banners', to: '/Services/AddBannerServices' },
      ],
    },
    {
      label: 'Requests',
      items: [
        { label: 'Product Requests', to: '/RequestsForProducts/ProductRequestForVendor' },
        { label: 'History of Requests', to: '/RequestsForProducts/HistoryOfRequests' },
      ],
    },
    {
      label: 'Orders',
      items: [
        { label: 'Unassign Orders', to: '/Orders/PendingOrders' },
        { label: 'Assigned Orders', to: '/Orders/AssignedOrders' },
        { label: 'Cancelled Orders', to: '/Orders/CancelledOrders' },
        { label: 'Completed Orders', to: '/Orders/CompletedOrders' },
      ],
    },
    {
      label: 'Sales Report',
      items: [
        { label: 'Service Sales Report', to: '/SalesReport/ServiceSalesReport' },
        { label: 'Vendor Purchase Report', to: '/SalesReport/VendorPurchaseReport' },
      ],
    },
    {
      label: 'Referral',
      items: [
        { label: 'Set Referral Cost', to: '/Referral/SetReferralCost' },
        { label: 'Referral History', to: '/Referral/GetReferralHistory' },
        { label: 'Referral Update History', to: '/Referral/ReferralUpdateHistory' },
      ],
    },
    {
      label: 'Customer',
      items: [
        { label: 'User Management', to: '/Customer/CustomerList' },
        { label: 'Customer Wallet History', to: '/Customer/GetWalletHistoryCustomer' },
        { label: 'Customer Queries', to: '/Customer/CustomerQueries' },
      ],
    },
    {
      // SPEC §2's "packages add/list/update and special offers add" (issue 11 §2).
      label: 'Packages',
      items: [
        { label: 'Add Package', to: '/Packages/AddPackage' },
        { label: 'Package List', to: '/Packages/PackageList' },
        { label: 'Special Offers', to: '/Packages/AddSpecialOffer' },
      ],
    },
    {
      label: 'Subscription Master',
      items: [
        { label: 'Subscriptions', to: '/Subscription/GetSubscriptionDetails' },
        { label: 'Discount Master', to: '/Subscription/DiscountMasterList' },
      ],
    },
    { label: 'Add Balance', to: '/Accountant/AccountantWallet' },
    // Not in SPEC §2: staff audit of provider payments (decision 013, Screens).
    { label: 'Payment Intents', to: '/Payments/PaymentIntents' },
    {
      label: 'Tips',
      items: [
        { label: 'Add Tips', to: '/Tips/AddTips' },
        { label: 'Tips List', to: '/Tips/TipsList' },
      ],
    },
    {
      label: 'Ratings',
      items: [
        { label: 'Rating Details', to: '/Rating/RatingDetails' },
        { label: 'Feedback Ratings', to: '/Rating/FeedbackRatings' },
      ],
    },
  ],
  CD: [{ label: 'Dashboard', to: '/Dashboard/Calldashboard' }],
  TE: [
    { label: 'Dashboard', to: '/Dashboard/TechnicianDashboard' },
    {
      label: 'History',
      items: [
        // Not in SPEC §2's technician menu: the shared group's list of jobs to take, and the assigned jobs (issue 10 §3).
        { label: 'Jobs to Take', to: '/History/IdealOrderList' },
        { label: 'Assigned Orders', to: '/History/AssignedOrderList' },
        { label: 'Accepted Orders', to: '/History/AcceptedOrderList' },
        { label: 'Rejected Orders', to: '/History/RejectedOrderList' },
      ],
    },
    {
      label: 'Salary Slip',
      items: [
        { label: 'Salary Slip', to: '/SalarySlip/SalarySlipTech' },
        { label: 'Generate Salary Slip', to: '/SalarySlip/GenerateSalarySliptech' },
      ],
    },
    { label: 'Attendance', to: '/Attendance/Attendance' },
    { label: 'Queries', to: '/Query/Queries' },
    // The shared group's feedback list (SPEC §2): the ratings of their own visits.
    { label: 'Feedback', to: '/Feedback/FeedbackList' },
  ],
  IM: [
    { label: 'Dashboard', to: '/Dashboard/InventoryManagerDashBoard' },
    {
      label: 'Manage Store',
      items: [
        { label: 'Add Product', to: '/Managestore/AddProduct' },
        { label: 'Product List', to: '/Managestore/InventoryProductList' },
        { label: 'Product History', to: '/ManageStore/ProductHistory' },
      ],
    },
    {
      label: 'Requests',
      items: [
        { label: 'Product Requests', to: '/Requests/ProductRequests' },
        { label: 'Request History', to: '/Requests/RequestHistory' },
      ],
    },
  ],
  VE: [
    { label: 'Dashboard', to: '/Dashboard/VendorDashboard' },
    {
      label: 'Store',
      items: [
        { label: 'Products', to: '/Managestore/ListProducts' },
        { label: 'Product Cart', to: '/Managestore/ProductCart' },
      ],
    },
    {
      label: 'Track Request',
      items: [{ label: 'Track Product Request', to: '/TrackRequest/TrackProductRequest' }],
    },
    { label: 'Technician Tasks', to: '/History/TechnicianTaskList' },
    { label: 'Wallet', to: '/Wallet/WalletBalanceOfVendor' },
    {
      label: 'Professionals',
      items: [
        { label: 'Professional List', to: '/Vender/ProfessionalList' },
        { label: 'Professional Orders', to: '/Professional/ProfessionalOrders' },
      ],
    },
  ],
  HR: [
    { label: 'Dashboard', to: '/Dashboard/HrDashboard' },
    {
      label: 'Employee',
      items: [
        { label: 'Employee List', to: '/Employee/Employeelist' },
        { label: 'Add Employee', to: '/Employee/EmployeeAddHR' },
        { label: 'Add Technician', to: '/Technician/TechnicianAdd' },
        { label: 'Technician List', to: '/Technician/TechnicianList' },
      ],
    },
    {
      label: 'Recruit Staff',
      items: [
        { label: 'Recruiting Count', to: '/RecruitingStaff/RecruitingCount' },
        { label: 'Recruiting History', to: '/RecruitingStaff/RecrutingHistory' },
        { label: 'Screened List', to: '/RecruitingStaff/ScreenedList' },
        { label: 'Interviewed', to: '/RecruitingStaff/Interviewed' },
        { label: 'Finalised List', to: '/RecruitingStaff/FinalisedList' },
        { label: 'OnBoarding', to: '/RecruitingStaff/AppointedList' },
        { label: 'Admin Rejected List', to: '/RecruitingStaff/RejectedCandidates' },
        { label: 'Add Candidate', to: '/RecruitingStaff/AddCandidate' },
        { label: 'All Candidates', to: '/RecruitingStaff/Candidates' },
        { label: 'Salary Structure', to: '/SalaryStructure/ViewSalaryStructure' },
        { label: 'Salary Deductions', to: '/SalaryStructure/SalaryDeductions' },
      ],
    },
    {
      label: 'Pay Module',
      items: [
        { label: 'Salary Disbursed', to: '/PayModule/SalaryDisbursed' },
        { label: 'Expenses Disbursed', to: '/PayModule/ExpensesDisbursed' },
        { label: 'Manual Salary Process', to: '/PayModule/ManualSalaryProcess' },
        { label: 'Salary Slip', to: '/PayModule/SalarySlip' },
      ],
    },
    {
      label: 'Reports',
      items: [
        { label: 'Attendance List', to: '/Reports/AttendanceList' },
        { label: 'Holidays', to: '/Attendance/Holidays' },
        { label: 'Monthly Employee Details', to: '/Reports/MonthlyEmployeeDetails' },
        { label: 'Month-wise Recruitment', to: '/Reports/MonthWiseRecruitment' },
      ],
    },
  ],
  MR: [
    { label: 'Dashboard', to: '/Dashboard/MarketingDashboard' },
    { label: 'Share Referral', to: '/share/sharerefral' },
    {
      label: 'Coupons',
      items: [
        { label: 'Add Coupons', to: '/Coupons/AddCoupons' },
        { label: 'Coupons List', to: '/Coupons/CouponsList' },
        { label: 'Coupons History', to: '/Coupons/CouponsHistory' },
      ],
    },
  ],
  AC: [
    { label: 'Dashboard', to: '/Dashboard/AccountDashboard' },
    { label: 'Employee Salary', to: '/PayModule/EmployeeSalaryList' },
    // The admin's 'Add Balance' page is the accountant's too, with the payment audit (decision 013, Screens).
    { label: 'Add Balance', to: '/Accountant/AccountantWallet' },
    { label: 'Payment Intents', to: '/Payments/PaymentIntents' },
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
