// The buttons of every dashboard: a plain one, the primary action of a panel, a destructive one,
// and a button that reads as a link (a row's lesser actions: 'Send password reset').

export const buttonClass =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100";
export const primaryButtonClass = "rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-white";
export const dangerButtonClass =
  "rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50";
export const linkButtonClass = "text-sm font-medium text-brand underline";
