export { AddLoanWizard } from './components/add-loan-wizard';
