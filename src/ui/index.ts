// The design system's public surface. src/ui imports nothing from routes, api or machines (decision 001).
export { Alert, type AlertProps, type AlertTone } from './Alert';
export { AppShell, type AppShellProps, type MenuItem, type MenuSection } from './AppShell';
// Not exported on purpose: SettingsSheet, ProfileDropdown, ShellMenus and ToastViewports. They are loaded on
// demand (React.lazy); a static export here would pull radix Dialog/DropdownMenu/Toast into the entry bundle.
export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClassName, CloseButton } from './Button';
export { Card, type CardProps } from './Card';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { cx } from './cx';
export { Dialog, type DialogProps } from './Dialog';
export { DownloadButton, type FetchedFile } from './DownloadButton';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { formatDate, formatDateTime, formatRupees, formatSlot } from './format';
export { srOnly } from './global.css';
export * from './icons';
export { LoadingPlaceholder, type LoadingPlaceholderProps } from './LoadingPlaceholder';
export { MachineDiagram, type MachineDiagramProps } from './machine/MachineDiagram';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Pager, type PagerProps } from './Pager';
export { initials, ProfileMenu, type ProfileMenuProps } from './ProfileMenu';
export { type FooterLink, PublicLayout, type PublicLayoutProps } from './PublicLayout';
export { SettingsPanel } from './SettingsPanel';
export { Spinner, type SpinnerProps } from './Spinner';
export { StatCard, type StatCardProps, StatGrid, type StatGridProps } from './StatCard';
export { Switch, type SwitchProps } from './Switch';
export {
  applySettings,
  chromePalette,
  defaultSettings,
  getSettings,
  readableTextOn,
  resetSettings,
  SETTINGS_STORAGE_KEY,
  type Settings,
  subscribeSettings,
  updateSettings,
  useSettings,
} from './settings';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export {
  TOAST_DURATION_MS,
  Toaster,
  type ToastOptions,
  type ToastPosition,
  type ToastTone,
  toast,
} from './Toasts';
export { font, layout, radius, shadow, space, vars } from './theme.css';
export type { Tone } from './tone.css';
export { useMediaQuery } from './useMediaQuery';
