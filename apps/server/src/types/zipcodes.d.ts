declare module 'zipcodes' {
  interface ZipEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipEntry>;
    lookup(zip: string | number): ZipEntry | undefined;
  };
  export default zipcodes;
}
