// English messages of the residents plugin.
const en = {
  residents: {
    title: 'Residents',
  },
};

export default en;
