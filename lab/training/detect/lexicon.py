"""Word lists that fill the prose tagger's training templates (templates.py).

Written for this project: common given names and surnames of many languages, cities, streets,
companies, public figures, programming languages and acronyms. They teach the tagger the kind of
word and the context around it, never a list to look up: nothing here is read at run time, and
the same city, company or first name appears in private frames (tagged) and in public ones (not
tagged), so only the context can tell them apart.
"""

from __future__ import annotations

__all__ = [
    "FIRST_NAMES", "SURNAMES", "PUBLIC_PEOPLE", "CITIES", "COUNTRIES", "STREET_NAMES", "STREET_KINDS",
    "FOREIGN_STREETS", "BIG_COMPANIES", "COMPANY_WORDS", "COMPANY_SUFFIXES", "UNIVERSITIES", "PROG_LANGUAGES",
    "TECH", "HUMAN_LANGUAGES", "ACRONYMS", "PRODUCTS", "SEASONS", "HOLIDAYS", "PUBLIC_EVENTS", "BOOKS",
    "JOBS", "RELATIVES", "CONDITIONS", "MONTHS", "WEEKDAYS", "NAME_LIKE_WORDS",
]

# Given names: English, French, Spanish, Portuguese, Italian, German, Dutch, Nordic, Polish,
# Czech, Russian, Greek, Turkish, Arabic, Persian, Hebrew, Indian, Chinese, Japanese, Korean,
# Vietnamese, Thai, Indonesian, Filipino, Yoruba, Igbo, Swahili, Amharic, Irish.
FIRST_NAMES = (
    "James", "Mary", "John", "Linda", "Michael", "Sarah", "David", "Emily", "Robert", "Jessica", "William", "Ashley",
    "Thomas", "Megan", "Daniel", "Laura", "Matthew", "Rachel", "Andrew", "Hannah", "Joshua", "Olivia", "Ryan",
    "Chloe", "Kevin", "Grace", "Brian", "Sophie", "Ethan", "Zoe", "Tyler", "Abigail", "Dylan", "Madison", "Logan",
    "Avery", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Alex", "Sam", "Charlie", "Frankie",
    "Ines", "Camille", "Léa", "Manon", "Chloé", "Julien", "Mathieu", "Antoine", "Baptiste", "Hélène", "Amélie",
    "Sébastien", "Thibault", "Margaux", "Océane", "Yannick", "Gaëlle", "Étienne", "Solène", "Clément",
    "Alejandro", "Lucía", "Carmen", "Javier", "Sofía", "Mateo", "Valentina", "Diego", "Camila", "Pablo", "Ximena",
    "Joaquín", "Marisol", "Guadalupe", "Rodrigo", "Inês", "João", "Gonçalo", "Beatriz", "Thiago", "Larissa",
    "Giulia", "Francesco", "Chiara", "Alessandro", "Federica", "Lorenzo", "Martina", "Giuseppe", "Elisa",
    "Jürgen", "Katrin", "Lukas", "Anneliese", "Matthias", "Jörg", "Sabine", "Henrik", "Ute", "Wolfgang",
    "Maarten", "Sanne", "Joost", "Femke", "Bram", "Lotte", "Sven", "Ingrid", "Astrid", "Bjørn", "Sigrid", "Lars",
    "Freya", "Mikael", "Aino", "Juhani", "Małgorzata", "Krzysztof", "Agnieszka", "Wojciech", "Zofia", "Tomasz",
    "Jiří", "Lenka", "Ondřej", "Dmitri", "Svetlana", "Aleksei", "Natalia", "Yuri", "Olga", "Anastasia", "Ivan",
    "Nikos", "Eleni", "Giorgos", "Dimitra", "Mehmet", "Ayşe", "Emre", "Zeynep", "Burak", "Elif", "Mustafa",
    "Fatima", "Omar", "Layla", "Youssef", "Amira", "Khalid", "Nour", "Hassan", "Mariam", "Tariq", "Samira",
    "Reza", "Shirin", "Dariush", "Niloufar", "Yael", "Avi", "Noa", "Eitan", "Priya", "Rahul", "Ananya", "Arjun",
    "Deepika", "Vikram", "Sanjay", "Lakshmi", "Aditya", "Kavya", "Rohan", "Meera", "Wei", "Xiaoming", "Li Na",
    "Jing", "Hao", "Mei", "Zhiwei", "Yuki", "Haruto", "Sakura", "Takeshi", "Aiko", "Kenji", "Hiroshi", "Ji-woo",
    "Min-jun", "Seo-yeon", "Hyun", "Thanh", "Linh", "Minh", "Nguyet", "Somchai", "Ploy", "Budi", "Sari", "Ayu",
    "Maricel", "Jomar", "Chidi", "Ngozi", "Oluwaseun", "Adaeze", "Tunde", "Folake", "Emeka", "Amara", "Wanjiru",
    "Kamau", "Achieng", "Otieno", "Abebe", "Selam", "Tesfaye", "Siobhán", "Niamh", "Cian", "Aoife", "Pádraig",
    "Ruby", "Julia", "Jack", "Will", "May", "June", "Rose", "Grant", "Mark", "Bill", "Faith", "Hope",
)
SURNAMES = (
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Thompson", "White",
    "Harris", "Clark", "Lewis", "Walker", "Hall", "Young", "King", "Wright", "Scott", "Green", "Baker", "Adams",
    "Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Phillips", "Campbell", "Parker", "Evans", "Edwards",
    "Collins", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Reed", "Bailey", "Bell", "Cooper", "Richardson",
    "Cox", "Ward", "Peterson", "Gray", "Hughes", "Price", "Sanders", "Bennett", "Wood", "Barnes", "Ross", "Hayes",
    "Moreau", "Dubois", "Lefebvre", "Fontaine", "Rousseau", "Girard", "Bonnet", "Mercier", "Lambert", "Faure",
    "Chevalier", "Garnier", "Leclerc", "Boucher", "Dupont", "Vasseur", "García", "Fernández", "López", "Martínez",
    "Sánchez", "Pérez", "Gómez", "Díaz", "Romero", "Navarro", "Castillo", "Ortega", "Delgado", "Vargas", "Herrera",
    "Silva", "Santos", "Oliveira", "Pereira", "Costa", "Rodrigues", "Almeida", "Carvalho", "Ferreira", "Rossi",
    "Russo", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca",
    "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Schäfer",
    "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Zimmermann", "de Vries", "van Dijk", "Bakker",
    "Janssen", "Visser", "van den Berg", "Smit", "Mulder", "Hansen", "Johansson", "Andersson", "Nilsson",
    "Karlsson", "Larsen", "Virtanen", "Korhonen", "Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kamińska",
    "Lewandowski", "Novák", "Svoboda", "Dvořák", "Ivanov", "Smirnova", "Kuznetsov", "Popov", "Petrova",
    "Volkov", "Papadopoulos", "Georgiou", "Nikolaidis", "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk",
    "Haddad", "Khoury", "Mansour", "Nasser", "Saleh", "El-Amin", "Rahman", "Hosseini", "Karimi", "Ahmadi",
    "Cohen", "Levi", "Mizrahi", "Friedman", "Sharma", "Patel", "Gupta", "Singh", "Iyer", "Reddy", "Nair",
    "Chatterjee", "Banerjee", "Kapoor", "Mehta", "Wang", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu",
    "Zhou", "Xu", "Tanaka", "Suzuki", "Takahashi", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi",
    "Kim", "Lee", "Park", "Choi", "Jung", "Nguyen", "Tran", "Le", "Pham", "Hoang", "Srisai", "Wongsakul",
    "Santoso", "Wijaya", "Reyes", "Cruz", "Bautista", "Okafor", "Adeyemi", "Okonkwo", "Balogun", "Eze",
    "Mwangi", "Odhiambo", "Kiptoo", "Bekele", "Tadesse", "O'Brien", "O'Connor", "McCarthy", "Byrne",
    "Fitzgerald", "Gallagher", "MacDonald", "Fraser", "Lindqvist", "Ferrari", "Moretti", "Lindgren",
)
# Public and historical figures and fictional characters: asked about, never protected.
PUBLIC_PEOPLE = (
    "Abraham Lincoln", "George Washington", "Thomas Jefferson", "Winston Churchill", "Napoleon Bonaparte",
    "Napoleon", "Julius Caesar", "Cleopatra", "Alexander the Great", "Genghis Khan", "Queen Victoria",
    "Elizabeth II", "Queen Elizabeth", "Charles de Gaulle", "Otto von Bismarck", "Mahatma Gandhi", "Gandhi",
    "Nelson Mandela", "Martin Luther King", "Martin Luther King Jr.", "Rosa Parks", "Malcolm X", "Frederick Douglass",
    "Harriet Tubman", "Joan of Arc", "Catherine the Great", "Peter the Great", "Karl Marx", "Adam Smith",
    "John Maynard Keynes", "Albert Einstein", "Einstein", "Isaac Newton", "Newton", "Marie Curie", "Charles Darwin",
    "Darwin", "Galileo Galilei", "Galileo", "Nikola Tesla", "Thomas Edison", "Alan Turing", "Ada Lovelace",
    "Richard Feynman", "Stephen Hawking", "Niels Bohr", "Rosalind Franklin", "Carl Sagan", "Aristotle", "Plato",
    "Socrates", "Confucius", "Immanuel Kant", "Friedrich Nietzsche", "Nietzsche", "Jean-Paul Sartre",
    "Simone de Beauvoir", "René Descartes", "Sigmund Freud", "Carl Jung", "William Shakespeare", "Shakespeare",
    "Jane Austen", "Charles Dickens", "Leo Tolstoy", "Fyodor Dostoevsky", "Victor Hugo", "Mark Twain",
    "Ernest Hemingway", "Virginia Woolf", "George Orwell", "J.K. Rowling", "Toni Morrison", "Gabriel García Márquez",
    "Haruki Murakami", "Franz Kafka", "Homer", "Dante Alighieri", "Leonardo da Vinci", "Michelangelo",
    "Vincent van Gogh", "Van Gogh", "Pablo Picasso", "Picasso", "Frida Kahlo", "Claude Monet", "Rembrandt",
    "Ludwig van Beethoven", "Beethoven", "Wolfgang Amadeus Mozart", "Mozart", "Johann Sebastian Bach", "Bach",
    "Frédéric Chopin", "The Beatles", "Elvis Presley", "Michael Jackson", "Taylor Swift", "Beyoncé", "Bob Dylan",
    "Freddie Mercury", "David Bowie", "Madonna", "Lady Gaga", "Ed Sheeran", "Adele", "Drake", "Rihanna",
    "Barack Obama", "Obama", "Joe Biden", "Donald Trump", "Emmanuel Macron", "Angela Merkel", "Vladimir Putin",
    "Xi Jinping", "Narendra Modi", "Justin Trudeau", "Margaret Thatcher", "Ronald Reagan", "John F. Kennedy",
    "JFK", "Franklin D. Roosevelt", "Theodore Roosevelt", "Elon Musk", "Bill Gates", "Steve Jobs", "Jeff Bezos",
    "Mark Zuckerberg", "Warren Buffett", "Sam Altman", "Linus Torvalds", "Guido van Rossum", "Tim Berners-Lee",
    "Serena Williams", "Roger Federer", "Rafael Nadal", "Lionel Messi", "Messi", "Cristiano Ronaldo", "Pelé",
    "Michael Jordan", "LeBron James", "Usain Bolt", "Muhammad Ali", "Simone Biles", "Tiger Woods",
    "Sherlock Holmes", "Harry Potter", "Hermione Granger", "Frodo", "Gandalf", "Darth Vader", "Luke Skywalker",
    "Batman", "Superman", "Spider-Man", "Mickey Mouse", "Hamlet", "Romeo and Juliet", "Don Quixote",
    "Jesus", "Buddha", "Moses", "the Prophet Muhammad", "Pope Francis", "the Dalai Lama", "Oprah Winfrey",
    "Meryl Streep", "Leonardo DiCaprio", "Tom Hanks", "Keanu Reeves", "Marilyn Monroe", "Charlie Chaplin",
    "Alfred Hitchcock", "Steven Spielberg", "Christopher Nolan", "Quentin Tarantino", "Hayao Miyazaki",
)
CITIES = (
    "Paris", "London", "Berlin", "Madrid", "Rome", "Lisbon", "Amsterdam", "Brussels", "Vienna", "Prague", "Warsaw",
    "Budapest", "Stockholm", "Oslo", "Copenhagen", "Helsinki", "Dublin", "Edinburgh", "Manchester", "Birmingham",
    "Leeds", "Glasgow", "Bristol", "Cardiff", "Lyon", "Marseille", "Toulouse", "Bordeaux", "Nantes", "Lille",
    "Strasbourg", "Nice", "Montpellier", "Rennes", "Munich", "Hamburg", "Cologne", "Frankfurt", "Stuttgart",
    "Düsseldorf", "Leipzig", "Dresden", "Bremen", "Hanover", "Nuremberg", "Zurich", "Geneva", "Basel", "Bern",
    "Lausanne", "Milan", "Naples", "Turin", "Florence", "Bologna", "Venice", "Genoa", "Palermo", "Barcelona",
    "Valencia", "Seville", "Bilbao", "Málaga", "Zaragoza", "Porto", "Coimbra", "Rotterdam", "Utrecht", "The Hague",
    "Eindhoven", "Antwerp", "Ghent", "Liège", "Kraków", "Gdańsk", "Wrocław", "Poznań", "Łódź", "Brno", "Bratislava",
    "Ljubljana", "Zagreb", "Belgrade", "Bucharest", "Sofia", "Athens", "Thessaloniki", "Istanbul", "Ankara",
    "Izmir", "Kyiv", "Lviv", "Odesa", "Minsk", "Moscow", "Saint Petersburg", "Riga", "Vilnius", "Tallinn",
    "Reykjavik", "New York", "Los Angeles", "Chicago", "Houston", "Phoenix", "Philadelphia", "San Antonio",
    "San Diego", "Dallas", "Austin", "San Francisco", "Seattle", "Denver", "Boston", "Atlanta", "Miami",
    "Portland", "Nashville", "Detroit", "Minneapolis", "Pittsburgh", "Baltimore", "Cleveland", "Columbus",
    "Sacramento", "Las Vegas", "Salt Lake City", "New Orleans", "Raleigh", "Tampa", "Orlando", "Honolulu",
    "Anchorage", "Toronto", "Montreal", "Vancouver", "Calgary", "Ottawa", "Edmonton", "Winnipeg", "Halifax",
    "Quebec City", "Mexico City", "Guadalajara", "Monterrey", "Bogotá", "Medellín", "Lima", "Quito", "Santiago",
    "Buenos Aires", "Córdoba", "Montevideo", "São Paulo", "Rio de Janeiro", "Belo Horizonte", "Brasília",
    "Recife", "Porto Alegre", "Caracas", "Havana", "Cairo", "Alexandria", "Casablanca", "Marrakesh", "Tunis",
    "Algiers", "Lagos", "Abuja", "Ibadan", "Accra", "Dakar", "Nairobi", "Mombasa", "Addis Ababa", "Kampala",
    "Kigali", "Dar es Salaam", "Johannesburg", "Cape Town", "Durban", "Pretoria", "Dubai", "Abu Dhabi", "Doha",
    "Riyadh", "Jeddah", "Amman", "Beirut", "Tel Aviv", "Jerusalem", "Haifa", "Tehran", "Isfahan", "Baghdad",
    "Karachi", "Lahore", "Islamabad", "Delhi", "New Delhi", "Mumbai", "Bangalore", "Bengaluru", "Chennai",
    "Hyderabad", "Kolkata", "Pune", "Ahmedabad", "Jaipur", "Kochi", "Dhaka", "Colombo", "Kathmandu", "Beijing",
    "Shanghai", "Shenzhen", "Guangzhou", "Chengdu", "Wuhan", "Hangzhou", "Xi'an", "Nanjing", "Hong Kong",
    "Taipei", "Tokyo", "Osaka", "Kyoto", "Yokohama", "Sapporo", "Fukuoka", "Nagoya", "Seoul", "Busan", "Incheon",
    "Hanoi", "Ho Chi Minh City", "Da Nang", "Bangkok", "Chiang Mai", "Kuala Lumpur", "Singapore", "Jakarta",
    "Bandung", "Surabaya", "Manila", "Cebu", "Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Canberra",
    "Auckland", "Wellington", "Christchurch", "Springfield", "Oxford", "Cambridge", "York", "Bath", "Brighton",
    "Aberdeen", "Cork", "Galway", "Salzburg", "Graz", "Innsbruck", "Aarhus", "Bergen", "Gothenburg", "Malmö",
    "Tampere", "Turku", "Aix-en-Provence", "Annecy", "Grenoble", "Dijon", "Freiburg", "Heidelberg", "Münster",
    "Bonn", "Mainz", "Kiel", "Rostock", "Leuven", "Bruges", "Maastricht", "Groningen", "Haarlem", "Delft",
    "Chipping Norton", "Little Rock", "Boise", "Fargo", "Duluth", "Tucson", "Albuquerque", "El Paso", "Fresno",
    "Spokane", "Madison", "Ann Arbor", "Burlington", "Savannah", "Charleston", "Knoxville", "Asheville",
)
COUNTRIES = (
    "France", "Germany", "Spain", "Italy", "Portugal", "the Netherlands", "Belgium", "Switzerland", "Austria",
    "Poland", "Czechia", "the Czech Republic", "Hungary", "Romania", "Bulgaria", "Greece", "Turkey", "Ukraine",
    "Russia", "Sweden", "Norway", "Denmark", "Finland", "Iceland", "Ireland", "the UK", "the United Kingdom",
    "England", "Scotland", "Wales", "the US", "the USA", "the United States", "Canada", "Mexico", "Brazil",
    "Argentina", "Chile", "Colombia", "Peru", "Venezuela", "Cuba", "Egypt", "Morocco", "Tunisia", "Algeria",
    "Nigeria", "Ghana", "Senegal", "Kenya", "Ethiopia", "Uganda", "Rwanda", "Tanzania", "South Africa",
    "the UAE", "Qatar", "Saudi Arabia", "Jordan", "Lebanon", "Israel", "Iran", "Iraq", "Pakistan", "India",
    "Bangladesh", "Sri Lanka", "Nepal", "China", "Taiwan", "Japan", "South Korea", "Korea", "Vietnam", "Thailand",
    "Malaysia", "Singapore", "Indonesia", "the Philippines", "Australia", "New Zealand", "Croatia", "Serbia",
    "Slovenia", "Slovakia", "Lithuania", "Latvia", "Estonia", "Luxembourg", "Malta", "Cyprus",
)
STREET_NAMES = (
    "Oak", "Maple", "Pine", "Cedar", "Elm", "Willow", "Birch", "Main", "High", "Church", "Station", "Park", "Mill",
    "Bridge", "King", "Queen", "Victoria", "George", "Albert", "Grove", "Hill", "Lake", "River", "Sunset",
    "Washington", "Lincoln", "Jefferson", "Madison", "Franklin", "Highland", "Meadow", "Orchard", "Chestnut",
    "Spring", "Forest", "Cherry", "Harbor", "Ridge", "Valley", "Green", "Castle", "Abbey", "Market", "North",
    "South", "West", "East", "Mulberry", "Hawthorn", "Primrose", "Kingsway", "Rosewood", "Brookside",
)
STREET_KINDS = ("Street", "St", "Road", "Rd", "Avenue", "Ave", "Lane", "Drive", "Dr", "Court", "Place", "Way",
                "Boulevard", "Blvd", "Close", "Crescent", "Terrace", "Gardens")
# Addresses where the number follows or the kind comes first: "{n}" is the house number.
FOREIGN_STREETS = (
    "{n} rue de la Paix", "{n} rue Victor Hugo", "{n} avenue des Ternes", "{n} boulevard Voltaire",
    "{n} rue des Lilas", "{n}, rue du Moulin", "Hauptstraße {n}", "Bahnhofstraße {n}", "Goethestraße {n}",
    "Lindenallee {n}", "Schillerplatz {n}", "Calle Mayor {n}", "Calle de Alcalá {n}", "Avenida de la Constitución {n}",
    "Rua Augusta {n}", "Rua das Flores {n}", "Via Roma {n}", "Via Garibaldi {n}", "Corso Italia {n}",
    "Keizersgracht {n}", "Kerkstraat {n}", "ul. Marszałkowska {n}", "ul. Długa {n}", "Storgatan {n}",
    "Drottninggatan {n}", "Nørregade {n}", "Mannerheimintie {n}", "Karlova {n}", "İstiklal Caddesi No. {n}",
)
BIG_COMPANIES = (
    "Google", "Microsoft", "Apple", "Amazon", "Meta", "Facebook", "Netflix", "Tesla", "IBM", "Intel", "Nvidia",
    "Oracle", "Salesforce", "Adobe", "SAP", "Siemens", "Bosch", "BMW", "Volkswagen", "Mercedes-Benz", "Toyota",
    "Honda", "Samsung", "Sony", "Nintendo", "LG", "Huawei", "Alibaba", "Tencent", "Baidu", "Infosys", "Tata",
    "Wipro", "Nestlé", "Unilever", "Procter & Gamble", "Coca-Cola", "PepsiCo", "McDonald's", "Starbucks", "IKEA",
    "H&M", "Zara", "Walmart", "Target", "Costco", "Carrefour", "Tesco", "Spotify", "Airbnb", "Uber", "Lyft",
    "Shopify", "Stripe", "PayPal", "Visa", "Mastercard", "JPMorgan", "Goldman Sachs", "Morgan Stanley", "HSBC",
    "Barclays", "Deutsche Bank", "BNP Paribas", "ING", "Santander", "Deloitte", "PwC", "KPMG", "EY", "Accenture",
    "McKinsey", "Boston Consulting Group", "Pfizer", "Novartis", "Roche", "Bayer", "Johnson & Johnson", "AstraZeneca",
    "Moderna", "Boeing", "Airbus", "Lufthansa", "Ryanair", "Delta", "Shell", "BP", "ExxonMobil", "TotalEnergies",
    "Vodafone", "Verizon", "AT&T", "Orange", "Deutsche Telekom", "Nokia", "Ericsson", "Philips", "Dell", "HP",
    "Lenovo", "Cisco", "OpenAI", "Anthropic", "DeepMind", "Red Hat", "GitHub", "GitLab", "Atlassian", "Slack",
    "Zoom", "Dropbox", "LinkedIn", "Twitter", "TikTok", "Snapchat", "Reddit", "Wikipedia", "Mozilla", "Canonical",
    "the BBC", "the New York Times", "Reuters", "the NHS", "the Red Cross", "UNICEF", "the World Bank", "the IMF",
)
COMPANY_WORDS = (
    "Acme", "Brightwave", "Northfield", "Bluestone", "Silverline", "Redwood", "Ironclad", "Greenleaf", "Summit",
    "Pinnacle", "Horizon", "Keystone", "Lakeside", "Harborview", "Crescent", "Evergreen", "Granite", "Blue Harbor",
    "Clearwater", "Oakridge", "Westbrook", "Fairview", "Riverside", "Starlight", "Sunrise", "Nimbus", "Vertex",
    "Quantum", "Nova", "Orion", "Apex", "Zenith", "Cobalt", "Falcon", "Maple Leaf", "Copperfield", "Hillcrest",
    "Stonegate", "Tidewater", "Windmill", "Kestrel", "Lumen", "Meridian", "Polaris", "Sequoia", "Trident",
)
COMPANY_SUFFIXES = (
    "Corp", "Corporation", "Inc.", "Ltd", "Ltd.", "LLC", "GmbH", "AG", "S.A.", "SAS", "BV", "plc", "Group",
    "Holdings", "Logistics", "Analytics", "Solutions", "Systems", "Consulting", "Partners", "Labs", "Software",
    "Insurance", "Bank", "Dental", "Clinic", "Bakery", "Construction", "Media", "Foods", "Energy", "Realty",
    "Law Firm", "Accounting", "Pharmacy", "Motors", "Hotel", "Studio", "Design", "Capital",
)
UNIVERSITIES = (
    "Harvard", "Stanford", "MIT", "Oxford", "Cambridge", "Yale", "Princeton", "Columbia", "UCLA", "Berkeley",
    "ETH Zurich", "EPFL", "Sorbonne", "Sciences Po", "TU Munich", "Heidelberg University", "KU Leuven",
    "Delft University of Technology", "the University of Toronto", "McGill", "the University of Tokyo",
    "Tsinghua", "Peking University", "the National University of Singapore", "IIT Bombay", "the University of Cape Town",
    "the University of Edinburgh", "Imperial College London", "King's College London", "UCL", "Trinity College Dublin",
    "the University of Michigan", "NYU", "Georgia Tech", "Carnegie Mellon", "the University of Sydney",
    "the University of Melbourne", "the University of Lagos", "the University of Nairobi", "Universidad de Chile",
)
PROG_LANGUAGES = (
    "Python", "Java", "JavaScript", "TypeScript", "C", "C++", "C#", "Go", "Golang", "Rust", "Ruby", "PHP",
    "Swift", "Kotlin", "Scala", "Perl", "R", "Julia", "Haskell", "Elixir", "Erlang", "Clojure", "Lisp", "Scheme",
    "Fortran", "COBOL", "Pascal", "Ada", "Dart", "Lua", "MATLAB", "SQL", "Bash", "PowerShell", "Objective-C",
    "Assembly", "Prolog", "OCaml", "F#", "Zig", "Nim", "Groovy", "Solidity", "VBA", "Delphi", "Crystal",
)
TECH = (
    "React", "Angular", "Vue", "Svelte", "Django", "Flask", "FastAPI", "Spring", "Spring Boot", "Rails",
    "Laravel", "Express", "Node.js", "Next.js", "Docker", "Kubernetes", "Terraform", "Ansible", "Jenkins",
    "Git", "GitHub Actions", "PostgreSQL", "MySQL", "SQLite", "MongoDB", "Redis", "Kafka", "Spark", "Hadoop",
    "Pandas", "NumPy", "PyTorch", "TensorFlow", "scikit-learn", "Excel", "Word", "PowerPoint", "Outlook",
    "Photoshop", "Figma", "Blender", "Unity", "Unreal Engine", "Linux", "Ubuntu", "Debian", "Windows", "macOS",
    "Android", "iOS", "Chrome", "Firefox", "Safari", "VS Code", "Vim", "Emacs", "Jupyter", "Tableau", "Power BI",
    "Salesforce", "Jira", "Confluence", "Notion", "Trello", "WordPress", "Shopify", "AWS", "Azure", "GCP",
    "Lambda", "S3", "EC2", "BigQuery", "Snowflake", "Airflow", "LaTeX", "Markdown", "Nginx", "Apache",
)
HUMAN_LANGUAGES = (
    "English", "Spanish", "French", "German", "Italian", "Portuguese", "Dutch", "Swedish", "Norwegian", "Danish",
    "Finnish", "Polish", "Czech", "Russian", "Ukrainian", "Greek", "Turkish", "Arabic", "Hebrew", "Persian",
    "Farsi", "Hindi", "Urdu", "Bengali", "Tamil", "Mandarin", "Chinese", "Cantonese", "Japanese", "Korean",
    "Vietnamese", "Thai", "Indonesian", "Tagalog", "Swahili", "Yoruba", "Latin", "Esperanto",
)
ACRONYMS = (
    "SSN", "API", "SQL", "JSON", "XML", "YAML", "CSV", "HTTP", "HTTPS", "HTML", "CSS", "REST", "GraphQL", "GDPR",
    "HIPAA", "CCPA", "PCI DSS", "SOC 2", "ISO 27001", "NASA", "NATO", "the UN", "the EU", "the FBI", "the CIA",
    "the IRS", "the WHO", "the CDC", "the FDA", "DNA", "RNA", "CPU", "GPU", "RAM", "SSD", "USB", "PDF", "OCR",
    "VPN", "DNS", "TCP", "UDP", "IP", "SSH", "TLS", "SSL", "OAuth", "JWT", "CRUD", "ORM", "MVC", "OOP", "IDE",
    "SDK", "CLI", "CI/CD", "AI", "ML", "LLM", "NLP", "GPT", "RAG", "IBAN", "BIC", "SWIFT", "VAT", "GDP", "CEO",
    "CFO", "CTO", "HR", "KPI", "ROI", "SaaS", "B2B", "ETF", "IPO", "APR", "FAQ", "ASAP", "ETA", "UTC", "GMT",
    "ADHD", "PTSD", "BMI", "MRI", "COVID", "HIV", "IQ", "PhD", "MBA", "GPA", "SAT", "IELTS", "TOEFL", "UTF-8",
)
PRODUCTS = (
    "iPhone", "iPhone 15", "iPad", "MacBook Air", "MacBook Pro", "Apple Watch", "AirPods", "Galaxy S24", "Pixel 8",
    "PlayStation 5", "Xbox", "Nintendo Switch", "Kindle", "ThinkPad", "Surface Pro", "Raspberry Pi", "Arduino",
    "Tesla Model 3", "Model Y", "Roomba", "Echo Dot", "Alexa", "Siri", "ChatGPT", "Claude", "Gemini", "Copilot",
    "Instagram", "WhatsApp", "Telegram", "Signal", "YouTube", "Gmail", "Google Maps", "Google Docs", "Zoom",
    "Microsoft Teams", "Windows 11", "Office 365", "Minecraft", "Fortnite", "Zelda", "Photoshop", "Lightroom",
)
SEASONS = ("spring", "summer", "autumn", "fall", "winter", "Spring", "Summer", "the winter", "the summer")
HOLIDAYS = (
    "Christmas", "Easter", "Thanksgiving", "Halloween", "New Year's Eve", "New Year", "Ramadan", "Eid",
    "Diwali", "Hanukkah", "Passover", "Lunar New Year", "Chinese New Year", "Valentine's Day", "Mother's Day",
    "Father's Day", "Independence Day", "the Fourth of July", "Bastille Day", "Labor Day", "Black Friday",
    "Cyber Monday", "Midsummer", "Oktoberfest", "Carnival", "Day of the Dead", "Boxing Day", "Yom Kippur",
)
PUBLIC_EVENTS = (
    "World War II", "World War I", "the French Revolution", "the Cold War", "the Renaissance", "the Industrial Revolution",
    "the moon landing", "the fall of the Berlin Wall", "the Great Depression", "the 2008 financial crisis",
    "the Roman Empire", "the Black Death", "the American Civil War", "the Olympics", "the World Cup",
    "the Super Bowl", "Brexit", "the COVID-19 pandemic", "the Battle of Hastings", "the Reformation",
)
BOOKS = (
    "1984", "Pride and Prejudice", "War and Peace", "Moby-Dick", "The Great Gatsby", "To Kill a Mockingbird",
    "Crime and Punishment", "Don Quixote", "The Odyssey", "Hamlet", "Macbeth", "The Hobbit", "Dune",
    "Brave New World", "The Catcher in the Rye", "Les Misérables", "One Hundred Years of Solitude", "Ulysses",
    "The Little Prince", "Sapiens", "Clean Code", "The Pragmatic Programmer", "Thinking, Fast and Slow",
    "Breaking Bad", "Game of Thrones", "The Office", "Friends", "Star Wars", "The Godfather", "Inception",
)
JOBS = (
    "nurse", "teacher", "software engineer", "data analyst", "accountant", "lawyer", "paralegal", "pharmacist",
    "electrician", "plumber", "graphic designer", "product manager", "project manager", "sales rep",
    "warehouse worker", "barista", "chef", "dentist", "physiotherapist", "social worker", "HR manager",
    "marketing coordinator", "civil engineer", "architect", "bus driver", "police officer", "firefighter",
    "librarian", "researcher", "PhD student", "postdoc", "receptionist", "dental hygienist", "web developer",
    "devops engineer", "UX designer", "financial advisor", "real estate agent", "veterinarian", "midwife",
)
RELATIVES = (
    "wife", "husband", "partner", "son", "daughter", "mom", "mother", "dad", "father", "brother", "sister",
    "grandmother", "grandma", "grandfather", "grandpa", "aunt", "uncle", "cousin", "niece", "nephew",
    "fiancé", "fiancée", "boyfriend", "girlfriend", "mother-in-law", "father-in-law", "stepson", "stepdaughter",
    "best friend", "roommate", "neighbour", "neighbor", "landlord", "boss", "manager", "colleague", "coworker",
    "teammate", "tenant", "client", "patient", "student", "doctor", "therapist", "lawyer",
)
CONDITIONS = (
    "type 2 diabetes", "asthma", "depression", "anxiety", "ADHD", "migraines", "high blood pressure",
    "a herniated disc", "long COVID", "celiac disease", "epilepsy", "breast cancer", "Crohn's disease",
    "an eating disorder", "insomnia", "arthritis", "PTSD", "bipolar disorder", "a peanut allergy",
)
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# Words spelled like given names that mostly are not names in a prompt: the tagger must read context.
NAME_LIKE_WORDS = (
    "Will", "May", "June", "Rose", "Mark", "Bill", "Grant", "Jack", "Faith", "Hope", "Ruby", "Julia", "Rust",
    "Swift", "Go", "Pascal", "Ada", "Crystal", "Amazon", "Apple", "Jordan", "Georgia", "Victoria", "Florence",
    "Chelsea", "Lincoln", "Washington", "Madison", "Austin", "Phoenix", "Paris", "Sydney", "Dallas", "Jasmine",
)

# Dishes and foreign words: capitalised, unfamiliar, and nobody's name.
DISHES = (
    "Kubdari", "Khachapuri", "Pho", "Bún chả", "Tteokbokki", "Bibimbap", "Kimchi jjigae", "Ramen", "Okonomiyaki",
    "Takoyaki", "Pad Thai", "Som Tam", "Nasi Goreng", "Rendang", "Laksa", "Adobo", "Sinigang", "Biryani",
    "Dal Makhani", "Masala Dosa", "Rogan Josh", "Shakshuka", "Falafel", "Hummus", "Baba Ganoush", "Tabbouleh",
    "Mansaf", "Kibbeh", "Koshari", "Tagine", "Couscous", "Harira", "Jollof rice", "Egusi soup", "Injera",
    "Doro Wat", "Bobotie", "Bunny chow", "Canjeero", "Feijoada", "Pão de queijo", "Moqueca", "Ceviche",
    "Lomo Saltado", "Arepas", "Empanadas", "Chimichurri", "Milanesa", "Pozole", "Mole poblano", "Tamales",
    "Chilaquiles", "Poutine", "Tourtière", "Gumbo", "Jambalaya", "Paella", "Gazpacho", "Tortilla española",
    "Pastel de nata", "Bacalhau", "Risotto", "Ossobuco", "Tiramisu", "Gremolata", "Cacio e pepe", "Ratatouille",
    "Bouillabaisse", "Coq au vin", "Tarte Tatin", "Croque monsieur", "Sauerbraten", "Käsespätzle", "Schnitzel",
    "Strudel", "Goulash", "Pierogi", "Borscht", "Pelmeni", "Blini", "Moussaka", "Souvlaki", "Spanakopita",
    "Baklava", "Börek", "Menemen", "Lahmacun", "Koldskål", "Smørrebrød", "Kanelbullar", "Gravlax", "Haggis",
    "Colcannon", "Shepherd's pie", "Pavlova", "Lamingtons", "Hokey pokey", "Tong Sui", "Xiaolongbao", "Mapo tofu",
    "Char siu", "Dim sum", "Congee", "Onigiri", "Mochi", "Tahu Gejrot", "Gado-gado", "Kaya toast", "Kammounia",
)
# Capitalised words of other kinds that are not private: myth, games, genres, ships, software.
PUBLIC_WORDS = (
    "Zeus", "Athena", "Thor", "Odin", "Anubis", "Ganesha", "Satan", "Beelzebub", "Dracula", "Frankenstein",
    "Barbarian", "Paladin", "Druid", "Warlock", "Dungeons & Dragons", "Pokémon", "Pikachu", "Mario", "Zelda",
    "Baroque", "Gothic", "Bauhaus", "Art Deco", "Impressionism", "Stoicism", "Marxism", "Buddhism", "Hinduism",
    "Titanic", "Apollo 11", "Voyager", "Hubble", "Kepler", "Linux", "Kubernetes", "Photoshop", "Bitcoin",
    "Ethereum", "Excel", "Gutenberg", "Magna Carta", "Mona Lisa", "Eiffel Tower", "Colosseum", "Stonehenge",
    "Mount Everest", "the Amazon", "the Sahara", "the Alps", "the Nile", "the Pacific", "Okinawa", "Sylt",
    "Bali", "Crete", "Sicily", "Tasmania", "Patagonia", "Yosemite", "Banff", "Santorini", "Zanzibar",
)
# Names of people that are public here: authors, artists, scientists a prompt cites (a random name
# in a frame that makes it public: "a song by X", "the book by X").
ROLE_NOUNS = ("song", "book", "novel", "paper", "poem", "album", "painting", "essay", "film", "theory", "textbook")

# Parts of made-up place, street and company names: a tagger that learnt only the cities above
# would miss "I live in Curitiba". Made-up names go into private and public frames alike.
PLACE_STEMS = ("Ash", "Brook", "Cale", "Dun", "Elm", "Fair", "Glen", "Hart", "Iver", "Kings", "Lang", "Marl",
               "North", "Oak", "Pen", "Red", "Salt", "Thorn", "Wick", "Alder", "Bel", "Cor", "Dor", "Fal", "Mor",
               "Ros", "Tal", "Val", "Ker", "Lor", "San", "Mar", "Vila", "Novo", "Kal", "Tir", "Bar", "Cas", "Ried")
PLACE_ENDS = ("ville", "burgh", "ton", "side", "field", "port", "berg", "furt", "stad", "by", "ham", "mouth", "haven",
              "ford", "chester", "ia", "ino", "ova", "abad", "pur", "garh", "dorf", "heim", "ingen", "sund", "vik",
              "bridge", "wood", "cester", "polis", "grad", "kovo", "ec", "ese", "ona", "ada")
STREET_KINDS_MORE = ("Track", "Fork", "Freeway", "Station", "Coves", "Skyway", "Dale", "Tunnel", "Pass", "Square",
                     "Circle", "Crossing", "Mews", "Harbor", "Rise", "Walk", "Row", "Parkway", "Hollow", "Glen")
FOREIGN_STREETS_MORE = ("Camino {f} {s} {n}", "Rotonda {f}, {n}", "Cuesta {f} {s} {n}", "{n}, avenue {s}",
                        "boulevard {f} {s}", "rue de {s}", "Via {f} {s} {n}", "Rua {f} {s}, {n}",
                        "{s}straße {n}", "ul. {s} {n}", "H.No. {n}, {s} Circle", "Flat {n}{c}, {f} {k}",
                        "Studio {n}, {f} {k}", "{n} {s} {k} Apt. {n2}", "{n} {s} {k} Suite {n2}")
COMPANY_PATTERNS = ("{s}-{s2}", "{s}, {s2} and {s3}", "{s} et Fils", "{s} e figli", "{s} AG", "{s} PLC",
                    "{s} GmbH & Co. KG", "{s} Group", "{s} y Asociados", "{s} & Partners", "{s}", "{s} Ltd")
