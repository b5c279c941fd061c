// Spec 001 §9: a multi-select's menu is at most 400 px high.
export const MULTI_SELECT_MENU = { slotProps: { paper: { sx: { maxHeight: 400 } } } } as const;
