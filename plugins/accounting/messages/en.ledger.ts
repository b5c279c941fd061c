export default { resources: {}, accounting: { title: 'Accounting' } };
