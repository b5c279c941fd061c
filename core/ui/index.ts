// The admin components every plugin shares (react-admin and MUI come from the admin's bundle).

export * from './ContentLoading.tsx';
export * from './DayInput.tsx';
export * from './DayTextField.tsx';
export * from './ExportButton.tsx';
export * from './FocusFirstError.tsx';
export * from './ImportButton.tsx';
export * from './JobProgress.tsx';
export * from './useRefreshOn.ts';
export * from './Widget.tsx';
