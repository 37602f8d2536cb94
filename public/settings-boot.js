// Applies the stored theme and direction (src/ui/settings.ts) before the app loads, so a dark or right-to-left
// page never shows light or left-to-right first. A classic script: it runs before the first paint.
try {
  var s = JSON.parse(localStorage.getItem('doorstep.settings') || '{}');
  if (s.theme === 'dark') document.documentElement.dataset.theme = 'dark';
  if (s.direction === 'rtl') document.documentElement.dir = 'rtl';
} catch (e) {}
