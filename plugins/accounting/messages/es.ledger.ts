export default { resources: {}, accounting: { title: 'Contabilidad' } };
