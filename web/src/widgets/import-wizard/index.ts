export { checkImportFile, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './api';
export { ImportWizard, type ImportWizardProps } from './import-wizard';
