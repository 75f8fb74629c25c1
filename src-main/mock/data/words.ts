/** Word lists the mock composes realistic company names, places and people from. */
export const namePrefixes = [
  'Acme', 'Apex', 'Atlas', 'Beacon', 'Blue Ridge', 'Bluewater', 'Cardinal', 'Cascade', 'Cedar',
  'Centennial', 'Coastal', 'Columbia', 'Continental', 'Crescent', 'Crown', 'Delta', 'Eagle',
  'Evergreen', 'Falcon', 'Frontier', 'Golden State', 'Granite', 'Great Lakes', 'Harbor', 'Heartland',
  'Highland', 'Horizon', 'Independence', 'Iron Horse', 'Keystone', 'Lakeside', 'Liberty', 'Lone Star',
  'Magnolia', 'Meridian', 'Midwest', 'Mountain View', 'Northern', 'Northstar', 'Oakridge', 'Pacific',
  'Patriot', 'Peak', 'Pinnacle', 'Pioneer', 'Prairie', 'Premier', 'Redwood', 'Riverbend', 'Rocky Mountain',
  'Sierra', 'Silverline', 'Southern', 'Summit', 'Sunbelt', 'Timberline', 'Tri-State', 'Union', 'Valley',
  'Vanguard', 'Western', 'Whitewater', 'Wildcat', 'Willow Creek', 'Yellowstone', 'Zenith',
] as const;

export const nameCores = [
  'Foods', 'Produce', 'Grocers', 'Distribution', 'Logistics', 'Freight', 'Supply', 'Building Supply',
  'Lumber', 'Steel', 'Plastics', 'Packaging', 'Paper', 'Beverage', 'Dairy', 'Meats', 'Farms',
  'Hardware', 'Electric', 'Auto Parts', 'Tire', 'Chemical', 'Pharmacy', 'Medical Supply', 'Furniture',
  'Home Goods', 'Textiles', 'Apparel', 'Retail', 'Markets', 'Wholesale', 'Brands', 'Industries',
  'Manufacturing', 'Materials', 'Energy', 'Fuel', 'Agri', 'Pet Supply', 'Office Supply',
] as const;

export const nameSuffixes = ['Inc.', 'LLC', 'Co.', 'Corp.', 'Group', 'Holdings', 'Company', 'Ltd.', 'L.P.'] as const;

export const cities = [
  ['Dallas', 'TX', '75201'], ['Houston', 'TX', '77002'], ['Atlanta', 'GA', '30303'],
  ['Chicago', 'IL', '60601'], ['Memphis', 'TN', '38103'], ['Nashville', 'TN', '37203'],
  ['Phoenix', 'AZ', '85003'], ['Denver', 'CO', '80202'], ['Kansas City', 'MO', '64105'],
  ['Columbus', 'OH', '43215'], ['Indianapolis', 'IN', '46204'], ['Charlotte', 'NC', '28202'],
  ['Jacksonville', 'FL', '32202'], ['Salt Lake City', 'UT', '84101'], ['Sacramento', 'CA', '95814'],
  ['Fresno', 'CA', '93721'], ['Omaha', 'NE', '68102'], ['Louisville', 'KY', '40202'],
  ['Oklahoma City', 'OK', '73102'], ['Albuquerque', 'NM', '87102'], ['Portland', 'OR', '97204'],
  ['Boise', 'ID', '83702'], ['Laredo', 'TX', '78040'], ['El Paso', 'TX', '79901'],
] as const;

export const streets = [
  'Commerce St', 'Industrial Blvd', 'Main St', 'Market St', 'Freeport Pkwy', 'Distribution Dr',
  'Harbor Way', 'Warehouse Rd', 'Logistics Ln', 'Enterprise Ave', 'Gateway Blvd', 'Railway Ave',
] as const;

export const firstNames = [
  'Ana', 'Ben', 'Carla', 'David', 'Elena', 'Frank', 'Grace', 'Hector', 'Irene', 'James', 'Karen',
  'Luis', 'Maria', 'Nathan', 'Olivia', 'Pedro', 'Rachel', 'Samuel', 'Teresa', 'Victor', 'Wendy',
] as const;

export const lastNames = [
  'Alvarez', 'Brooks', 'Chen', 'Dawson', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ibarra', 'Jensen',
  'Kowalski', 'Lopez', 'Martin', 'Nguyen', 'Okafor', 'Patel', 'Quinn', 'Reyes', 'Singh', 'Turner',
] as const;

export const banks = [
  'First Commerce Bank', 'Frontier National Bank', 'Heritage Trust', 'Lone Star Credit Union',
  'Midland Savings', 'Pacific Coast Bank', 'Prairie State Bank', 'Union Merchants Bank',
] as const;

export const deltaFields = ['creditLimit', 'paymentTerms', 'status', 'verificationRequired', 'noaSent'] as const;
