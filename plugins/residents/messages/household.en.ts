// English messages of a household's family members and approvers.
import { APPROVER_LIMITS } from '../household.ts';

export default {
  residents: {
    family: {
      title: 'Family members',
      add: 'Add family member',
      create: 'New family member',
      edit: 'Edit family member',
      empty: 'No family members registered.',
      loadError: 'Error getting the family records, try again later!',
      idNumber: 'ID %{idNumber}',
      fields: { firstName: 'First name', lastName: 'Last name', idNumber: 'ID number', relationship: 'Relationship' },
      idNumberHelper: 'Numbers only.',
      relationshipHelper: 'For example: Spouse, Son, Mother.',
      deleteTitle: 'Delete family member',
      deleteContent: 'Remove %{name} from the family register?',
      created: 'Family member added.',
      updated: 'Family member updated.',
      deleted: 'Family member deleted.',
      error: 'The family member could not be saved.',
      // The guard's list (spec 002 §2.2 'Familia/Inquilinos').
      guard: {
        menu: 'Family/Tenants',
        title: 'Family and tenants',
        family: 'Family members',
        tenants: 'Tenants',
        search: 'Search by first name, last name or ID',
        fields: { resident: 'Resident', unitNumber: 'Unit', email: 'E-mail', phone: 'Phone' },
      },
    },
    approvers: {
      title: 'Approvers',
      edit: 'Edit approvers',
      modalTitle: 'Visitor approvers',
      help: `Up to ${APPROVER_LIMITS.max} people authorised to approve visitor entry. A full name typed in the First name field is split into first and last name. Only rows with both are saved.`,
      empty: 'No approvers registered.',
      loadError: 'Error getting the approvers, try again later!',
      row: 'Approver %{n}',
      fields: { firstName: 'First name', lastName: 'Last name' },
      deleteTitle: 'Delete approver',
      deleteContent: 'Remove %{name} from the approvers?',
      saved: 'Approvers saved.',
      deleted: 'Approver deleted.',
      error: 'The approvers could not be saved.',
      // The guard's list (spec 002 §2.2).
      guard: {
        menu: 'Approvers list',
        title: 'Approvers by resident',
        search: 'Search by first name, last name or ID',
        show: 'See approvers',
        of: 'Approvers of %{name}',
        close: 'Close',
        fields: { firstName: 'First name', lastName: 'Last name', idNumber: 'ID', unitNumber: 'Unit', actions: 'Actions' },
      },
    },
    validation: {
      required: 'This field is required!',
      numeric: 'Only numbers are allowed!',
      max: 'Maximum %{max} character(s).',
    },
    actions: { edit: 'Edit', delete: 'Delete', cancel: 'Cancel', save: 'Save' },
  },
  auditLog: {
    resources: {
      'family-members': {
        name: 'Family member',
        fields: {
          residentId: 'Resident',
          firstName: 'First name',
          lastName: 'Last name',
          idNumber: 'ID number',
          relationship: 'Relationship',
        },
      },
      approvers: {
        name: 'Approver',
        fields: {
          residentId: 'Resident',
          position: 'Position',
          firstName: 'First name',
          lastName: 'Last name',
          approvers: 'Approvers',
        },
      },
    },
    actions: { replace: 'List replaced' },
  },
};
