export { checkImportFile, IMPORT_MAX_BYTES } from './api';
export { ImportWizard, type ImportWizardProps } from './import-wizard';
