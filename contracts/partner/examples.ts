// Examples of the partner operations, kept apart so operations.ts stays a readable route list.
// The tests validate each one against its schema.
import type { PartnerError } from '../shared/errors.ts';
import { EMAIL_PATTERN } from '../shared/primitives.ts';
import type { CreateMerchantApplicationRequest, MerchantApplicationCreated } from './applications.ts';
import type { RegisterUserRequest, RegistrationFailure, RegistrationSuccess } from './registration.ts';

export const registerUserRequestExample: RegisterUserRequest = {
  registration: {
    business_name: 'Acme Widgets',
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@acme.example.com',
    password: 'correct-horse-battery',
    password_confirmation: 'correct-horse-battery',
    terms_of_service: 'true',
  },
};

export const registrationSuccessExample: RegistrationSuccess = {
  status: 1,
  message: 'Registration successful. Please confirm your e-mail address to activate the account.',
};

export const registrationFailureExample: RegistrationFailure = {
  status: 0,
  message: [
    'registration.password must be at least 8 characters',
    'registration.password_confirmation must equal password',
  ],
};

/** The body a second registration with an already registered e-mail gets (P2). */
export const registrationDuplicateExample: RegistrationFailure = {
  status: 0,
  message: ['registration.email has already been registered'],
};

export const createMerchantApplicationRequestExample: CreateMerchantApplicationRequest = {
  user: {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@acme.example.com',
    business_name: 'Acme Widgets',
    special_offers: false,
    currency: 'CAD',
  },
  merchant_application: {
    company_detail_attributes: {
      company_name: 'Acme Widgets Inc.',
      dba: 'Acme',
      type_of_company: 'Corporation',
      processing_method: 'online',
      documentation_available: 'yes',
      processing_volume: '25000',
      website: 'https://acme.example.com',
      description: 'Hand-made widgets sold online',
      phone_number: '4165550100',
      address_attributes: { address: '100 King St W', city: 'Toronto', state: 'Ontario', zip: 'M5X 1A9', country_code: 'CA' },
    },
    company_contact_attributes: {
      administrative_name: 'Jane Doe',
      administrative_phone: '4165550100',
      administrative_email: 'admin@acme.example.com',
      technical_name: 'John Roe',
      technical_phone: '4165550101',
      technical_email: 'tech@acme.example.com',
    },
    mailing_address_attributes: {
      address_attributes: { address: 'PO Box 123', city: 'Toronto', state: 'Ontario', zip: 'M5W 1A1', country_code: 'CA' },
    },
  },
};

export const merchantApplicationCreatedExample: MerchantApplicationCreated = {
  success: true,
  message: 'Merchant application submitted. jane@acme.example.com will receive an e-mail once it is approved.',
};

export const applicationValidationErrorExample: PartnerError = {
  title: 'Unprocessable Entity',
  code: '1002',
  details: 'Required fields are missing or incorrect',
  source: [
    { 'merchant_application.company_detail_attributes.description': 'must NOT have more than 255 characters' },
    { 'merchant_application.company_contact_attributes.administrative_email': `must match pattern "${EMAIL_PATTERN}"` },
  ],
};

/** The body an unknown `user.currency` gets: code 2004 rather than the generic 1002. */
export const invalidCurrencyErrorExample: PartnerError = {
  title: 'Invalid currency type',
  code: '2004',
  details: 'Invalid currency type',
  source: [{ 'user.currency': 'must be one of USD, CAD, EUR' }],
};

/** The body an application for an e-mail that already has an account gets (decision P-duplicates). */
export const duplicateEmailErrorExample: PartnerError = {
  title: 'Duplicate e-mail',
  code: '2003',
  details: 'A merchant with this e-mail address already exists',
  source: [{ 'user.email': 'has already been registered' }],
};
