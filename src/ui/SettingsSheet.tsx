import { Dialog, RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { Button, CloseButton } from './Button';
import { cx } from './cx';
import { CheckIcon, GearIcon } from './icons';
import * as s from './SettingsPanel.css';
import { Switch } from './Switch';
import { chromePalette, readableTextOn, resetSettings, type Settings, updateSettings, useSettings } from './settings';

type BooleanKey = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

const LAYOUT: { key: BooleanKey; label: string; description: string }[] = [
  { key: 'miniSidebar', label: 'Mini sidebar', description: 'Initials only; widens while hovered or focused.' },
  { key: 'fixedTopbar', label: 'Fixed top bar', description: 'The top bar stays in view while scrolling.' },
  { key: 'fixedSidebar', label: 'Fixed sidebar', description: 'The menu stays in view at full height.' },
  { key: 'mobileSidebar', label: 'Mobile sidebar', description: 'The menu opens as a drawer from a menu button.' },
  { key: 'horizontalLayout', label: 'Horizontal layout', description: 'The menu runs across, under the top bar.' },
  { key: 'innerRightPart', label: 'Inner right part', description: 'The page content sits in a centred box.' },
];

const DEFAULT_TOKEN = 'default'; // radix radio values cannot be empty; '' (theme colour) maps to this

function ColourChoice({ label, value, onChange }: { label: string; value: string; onChange(hex: string): void }) {
  const id = useId();
  return (
    <div>
      <div id={id} className={s.swatchLabel}>
        {label}
      </div>
      <RadioGroup.Root
        className={s.swatches}
        aria-labelledby={id}
        value={value || DEFAULT_TOKEN}
        onValueChange={(v) => onChange(v === DEFAULT_TOKEN ? '' : v)}
        loop
      >
        {chromePalette.map((c) => (
          <RadioGroup.Item
            key={c.name}
            value={c.value || DEFAULT_TOKEN}
            aria-label={c.name}
            title={c.name}
            className={cx(s.swatch, !c.value && s.swatchDefault)}
            style={c.value ? { background: c.value } : undefined}
          >
            <RadioGroup.Indicator>
              <CheckIcon
                size={16}
                className={s.check}
                style={{ color: c.value ? readableTextOn(c.value) : '#ffffff' }}
              />
            </RadioGroup.Indicator>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** The gear button and its settings sheet (loaded on demand by SettingsPanel). Changes apply and persist at once. */
export function SettingsSheet() {
  const settings = useSettings();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="ghost" icon aria-label="Settings" title="Settings">
          <GearIcon />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.sheet}>
          <div className={s.head}>
            <Dialog.Title className={s.title}>Settings</Dialog.Title>
            <Dialog.Close asChild>
              <CloseButton aria-label="Close settings" />
            </Dialog.Close>
          </div>
          <div className={s.body}>
            <Dialog.Description className={s.description}>
              Changes apply at once and are remembered on this device.
            </Dialog.Description>
            <section className={s.section}>
              <h3 className={s.sectionTitle}>Appearance</h3>
              <Switch
                label="Dark theme"
                checked={settings.theme === 'dark'}
                onCheckedChange={(on) => updateSettings({ theme: on ? 'dark' : 'light' })}
              />
              <Switch
                label="Right-to-left"
                checked={settings.direction === 'rtl'}
                onCheckedChange={(on) => updateSettings({ direction: on ? 'rtl' : 'ltr' })}
              />
            </section>
            <section className={s.section}>
              <h3 className={s.sectionTitle}>Layout</h3>
              {LAYOUT.map((o) => (
                <Switch
                  key={o.key}
                  label={o.label}
                  description={o.description}
                  checked={settings[o.key]}
                  onCheckedChange={(on) => updateSettings({ [o.key]: on })}
                />
              ))}
            </section>
            <section className={s.section}>
              <h3 className={s.sectionTitle}>Colours</h3>
              <ColourChoice
                label="Top bar colour"
                value={settings.topbarColor}
                onChange={(hex) => updateSettings({ topbarColor: hex })}
              />
              <ColourChoice
                label="Sidebar colour"
                value={settings.sidebarColor}
                onChange={(hex) => updateSettings({ sidebarColor: hex })}
              />
            </section>
          </div>
          <div className={s.foot}>
            <p className={s.hint}>Back to the original look:</p>
            <Button variant="secondary" size="sm" onClick={() => resetSettings()}>
              Reset
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
