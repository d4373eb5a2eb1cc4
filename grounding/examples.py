"""Hand-written examples for the app (and its browser tests and latency benchmark), as plain data.

Each example: ``name`` (a stable key), ``label`` (shown in the app), ``question``, ``response`` and
``context`` (documents separated by a line holding only ``---``, the app's context format), plus
``expect``: what a good checker should find, in words, and ``expect_labels`` the same per response sentence
(1-based) as the verdict labels allowed for every claim of that sentence (``expected_problems`` checks a result).
The drug and the company in them are made up; the texts imitate trial summaries, label updates and
sector reports of the kind in the public evidence sets (Check-COVID, SciFact, TracSum).
"""
from __future__ import annotations

CONTRADICTION = {
    "name": "contradiction",
    "label": "Contradiction: remission rate and liver enzymes",
    "question": "What did the phase III trial of Zentrovir show?",
    "response": (
        "In the phase III trial, 70% of patients treated with Zentrovir reached clinical remission after 12 weeks. "
        "Zentrovir raised liver enzyme levels in most patients. "
        "Headache and nausea were the most common side effects."
    ),
    "context": (
        "# Zentrovir phase III trial: summary of results\n\n"
        "Zentrovir was evaluated in a randomised, double-blind, placebo-controlled trial in 612 adults with "
        "moderate to severe ulcerative colitis. "
        "After 12 weeks, 30% of patients treated with Zentrovir reached clinical remission, compared with 11% of "
        "patients on placebo. "
        "Liver enzyme levels remained within the normal range in 97% of treated patients. "
        "The most common side effects were headache and nausea, each reported by fewer than one in ten patients. "
        "Six patients stopped treatment because of side effects."
    ),
    "expect": "R1 contradicted (70% vs 30%), R2 contradicted (enzymes stayed normal), R3 supported.",
    "expect_labels": {1: ["Contradicted"], 2: ["Contradicted"], 3: ["Supported"]},
}

CONFLICTING_SOURCES = {
    "name": "conflicting",
    "label": "Sources disagree: starting dose",
    "question": "What is the recommended starting dose of Zentrovir?",
    "response": (
        "The recommended starting dose of Zentrovir is 50 mg once daily. "
        "Tablets should be taken with food."
    ),
    "context": (
        "# Prescribing information (2021)\n\n"
        "The recommended starting dose of Zentrovir is 50 mg once daily. "
        "Tablets should be taken with food, at the same time each day. "
        "The dose may be increased after four weeks if remission is not reached.\n"
        "---\n"
        "# Safety update (2023)\n\n"
        "Following a review of post-marketing data, the agency changed the dosing advice for Zentrovir. "
        "The recommended starting dose of Zentrovir is now 25 mg once daily, not 50 mg. "
        "Patients already stable on a higher dose may continue it after discussing the risks with their doctor."
    ),
    "expect": "R1 contradicted by the 2023 update and supported by the 2021 label (the sources disagree); R2 supported.",
    # "the sources disagree": Contradicted, or Supported with the conflicting source named (conflict_note)
    "expect_labels": {1: ["Contradicted", "Supported (conflict named)"], 2: ["Supported"]},
}

_REPORT_SOLAR = """# Northwind Energy annual report 2023: solar

Northwind Energy added 1.8 gigawatts of solar capacity in 2023, bringing its total installed solar capacity to 6.4 gigawatts.
Most of the new capacity came from three utility-scale parks in southern Spain and Portugal.
The largest of them, the Alvarado park, has a peak output of 620 megawatts and was connected to the grid in September.
Construction costs per megawatt fell by 9% compared with 2022, mainly because module prices dropped.
The company signed long-term power purchase agreements for 70% of the output of the new parks.
Average capacity factor across the solar fleet was 21.5%, slightly above the previous year.
Curtailment rose to 4.1% of potential generation because of grid congestion in Andalusia during spring.
Northwind expects curtailment to fall once a new 400 kV transmission line opens in 2025.
Two older parks in Italy were repowered with bifacial modules, increasing their yield by about 12%.
The solar division employed 840 people at the end of the year.
Its operating profit was 212 million euros, up from 168 million euros in 2022.
Module supply came from four manufacturers, none of which accounted for more than 35% of deliveries.
All module suppliers were audited for forced-labour risks in their polysilicon supply chains during the year.
A pilot with agrivoltaic installations in the Netherlands combined solar panels with berry cultivation on 14 hectares.
Early results show that the berries needed about a quarter less irrigation under the panels.
The solar pipeline for 2024 and 2025 includes 2.3 gigawatts of projects that already hold grid connection rights.
A further 3.1 gigawatts are at an early development stage and may not all be built.
"""

_REPORT_WIND = """# Northwind Energy annual report 2023: wind

Wind generation reached 14.2 terawatt-hours in 2023, 6% less than in 2022, because average wind speeds in the North Sea were unusually low.
Installed wind capacity stayed at 5.1 gigawatts, as no new wind farm was completed during the year.
The Helgoland Ridge offshore project was delayed by eleven months after a supplier failed to deliver the foundations on time.
Helgoland Ridge is now expected to start operating in the second half of 2025.
The project will have 72 turbines of 15 megawatts each.
Northwind holds a 51% stake in the project, with the rest owned by a Danish pension fund.
Turbine availability across the onshore fleet was 97.2%.
Maintenance costs rose by 14%, mostly because of gearbox replacements at two farms in Scotland.
The company decided to sell its oldest onshore farm in Wales, which has 24 turbines commissioned in 2004.
The sale is expected to close in the first quarter of 2024.
Wind operating profit fell to 301 million euros from 355 million euros a year earlier.
Northwind plans to apply for repowering permits for three German onshore sites in 2024.
Repowering would replace 61 older turbines with 19 larger ones and roughly double the output of those sites.
Bird-monitoring radar was installed at two coastal farms, allowing turbines to be slowed when migrating flocks approach.
No serious injuries were recorded at wind sites in 2023, and the lost-time injury rate fell to 1.1 per million hours worked.
The company trained 120 new technicians at its own offshore training centre in Esbjerg.
"""

_REPORT_STORAGE = """# Northwind Energy annual report 2023: storage and grid

Battery storage capacity grew from 300 megawatt-hours to 1.1 gigawatt-hours during 2023.
The largest system, at the Alvarado solar park, stores 400 megawatt-hours and can discharge for four hours.
Storage revenues came mainly from frequency response services and from shifting solar output into the evening peak.
Average round-trip efficiency of the battery fleet was 86%.
The company tested a 20 megawatt electrolyser in Rotterdam to produce green hydrogen from surplus wind power.
The electrolyser ran for 2,900 hours during the test and produced about 780 tonnes of hydrogen.
Northwind has not yet decided whether to build a commercial-scale hydrogen plant.
Grid connection queues remain the main bottleneck for new storage projects in Spain and Germany.
In Spain, the average wait for a grid connection was 31 months.
The company invested 95 million euros in grid-forming inverters to help stabilise weak parts of the network.
A second storage system of 250 megawatt-hours is under construction next to a wind farm in Lower Saxony.
It is scheduled to start operating in mid-2024.
Battery cells were supplied under a framework contract that fixes prices until the end of 2025.
The company recycles battery modules at the end of their life through a partner in Belgium.
"""

_REPORT_OUTLOOK = """# Northwind Energy annual report 2023: finances and outlook

Group revenue was 3.9 billion euros in 2023, compared with 4.3 billion euros in 2022, as wholesale power prices fell.
Net profit was 410 million euros.
Net debt rose to 5.6 billion euros because of the investment programme.
The board proposed a dividend of 0.62 euros per share, unchanged from the previous year.
Northwind plans to invest 9 billion euros between 2024 and 2028.
About half of that amount is earmarked for offshore wind, mainly Helgoland Ridge and a second North Sea project.
The company aims to reach 20 gigawatts of renewable capacity by 2030.
It also targets net-zero emissions across its own operations by 2035.
Scope 1 and 2 emissions fell by 18% in 2023, mainly because the last gas-fired peaking plant was closed in March.
The chief executive, Ingrid Salo, said that permitting delays are a larger risk to the plan than financing costs.
The group employed 4,750 people at the end of 2023, about 300 more than a year earlier.
Women held 34% of management positions, against a target of 40% by 2027.
The company's credit rating was confirmed at BBB+ with a stable outlook in October.
Hedging covered about 80% of expected generation for 2024 at fixed prices.
Management expects operating profit to grow in 2024 as new solar parks and storage systems contribute for a full year.
"""

LONG_CONTEXT = {
    "name": "long_context",
    "label": "Long context: four report chapters",
    "question": "Summarise Northwind Energy's 2023 results for solar, wind and storage.",
    "response": (
        "Northwind Energy added 1.8 gigawatts of solar capacity in 2023, for a total of 6.4 gigawatts. "
        "Wind generation rose by 6% thanks to strong winds in the North Sea. "
        "The Helgoland Ridge offshore project was delayed and is now expected to start operating in the second half of 2025. "
        "Battery storage capacity grew to 1.1 gigawatt-hours, with the largest system at the Alvarado solar park. "
        "The company also opened a commercial-scale hydrogen plant in Rotterdam. "
        "Northwind aims to reach 20 gigawatts of renewable capacity by 2030."
    ),
    "context": "\n---\n".join((_REPORT_SOLAR, _REPORT_WIND, _REPORT_STORAGE, _REPORT_OUTLOOK)),
    "expect": ("R1, R3, R4, R6 supported; R2 contradicted (generation fell 6%, low winds); R5 contradicted or "
               "unsupported (only a test electrolyser, no decision on a plant)."),
    "expect_labels": {1: ["Supported"], 2: ["Contradicted"], 3: ["Supported"], 4: ["Supported"],
                      5: ["Contradicted", "Unsupported"], 6: ["Supported"]},
}

FAITHFUL = {
    "name": "faithful",
    "label": "Faithful answer: library opening hours",
    "question": "When can I visit the city library and what do I need to borrow books?",
    "response": (
        "The central library is open from 9 am to 8 pm on weekdays and from 10 am to 4 pm on Saturdays. "
        "It is closed on Sundays. "
        "To borrow books you need a library card, which is free for residents. "
        "You can borrow up to 15 items at a time for three weeks."
    ),
    "context": (
        "# Central Library: visiting and borrowing\n\n"
        "The central library is open from 9 am to 8 pm Monday to Friday, and from 10 am to 4 pm on Saturdays. "
        "The library is closed on Sundays and public holidays. "
        "A library card is required to borrow books and other items. "
        "Library cards are free for residents of the city; non-residents pay 25 euros a year. "
        "Members may borrow up to 15 items at a time. "
        "The loan period is three weeks, and loans can be renewed twice online."
    ),
    "expect": "Every sentence supported.",
    "expect_labels": {1: ["Supported"], 2: ["Supported"], 3: ["Supported"], 4: ["Supported"]},
}

NUMBERS = {
    "name": "numbers",
    "label": "Numbers that disagree: annual results",
    "question": "How did Acme do in 2023?",
    "response": (
        "Acme Corp reported revenue of $4.2 billion for 2023, up 8% from the year before. "
        "Acme reduced its headcount by about 1,200 positions during the year. "
        "Chief executive Jane Park said the firm would not pay a dividend this year. "
        "Acme also announced plans to open a new factory in Ohio."
    ),
    "context": (
        "Acme Corp posted 2023 revenue of $4.2 billion, an increase of 12% over 2022. "
        "The results were driven by strong demand for its industrial sensors. "
        "During the year, Acme reduced headcount by about 1,200 positions. "
        "Chief executive Jane Park told analysts that the board had approved a dividend of 40 cents per share. "
        "Shares rose 3% in after-hours trading."
    ),
    "expect": ("R1 contradicted (up 8% against an increase of 12%: the rule on another value of one figure); R2 "
               "supported; R3 contradicted (a dividend was approved); R4 unsupported (no factory is mentioned)."),
    "expect_labels": {1: ["Contradicted"], 2: ["Supported"], 3: ["Contradicted"], 4: ["Unsupported"]},
}

MIXED_UP = {
    "name": "mixed_up",
    "label": "Mixed-up details: two clinics",
    "question": "When is the London clinic open, and do I need an appointment for vaccines?",
    "response": (
        "The London clinic closes at 6 pm on weekdays. "
        "Both clinics are closed on Sundays. "
        "Travel vaccines are given without an appointment. "
        "In the 2023 patient survey, 92% of patients in London rated their visit as good."
    ),
    "context": (
        "# Riverside Health: opening hours and services\n\n"
        "The Leeds clinic opens at 8 am and closes at 6 pm on weekdays; the London clinic is open until 8 pm. "
        "Both clinics are closed on Sundays. "
        "Flu vaccines are given without an appointment. "
        "Travel vaccines are given only with an appointment, booked at least two weeks ahead. "
        "In the 2023 patient survey, 92% of patients in Leeds rated their visit as good, compared with 81% in London. "
        "Parking is free for patients at both sites."
    ),
    "expect": ("R1 contradicted (6 pm is Leeds's closing time, London's is 8 pm: the binding rule); R2 supported; R3 "
               "contradicted (travel vaccines only with an appointment: the reversal rule's conditions); R4 "
               "contradicted (92% is Leeds's figure, London's is 81%)."),
    "expect_labels": {1: ["Contradicted"], 2: ["Supported"], 3: ["Contradicted"], 4: ["Contradicted"]},
}

OVERSTATED = {
    "name": "overstated",
    "label": "Overstated: a health leaflet",
    "question": "Who should get the flu vaccine, and what does exercise do for the heart?",
    "response": (
        "The flu vaccine is not recommended for adults over 65. "
        "Regular exercise eliminates the risk of heart disease. "
        "The flu vaccine is not recommended for babies under 6 months. "
        "In a 2022 survey, 61% of adults said they exercise at least once a week."
    ),
    "context": (
        "# Seasonal health leaflet\n\n"
        "The flu vaccine is recommended for adults over 65. "
        "It is not recommended for babies under 6 months. "
        "Regular exercise may reduce the risk of heart disease. "
        "In a 2022 survey, 61% of adults said they exercise at least once a week."
    ),
    "expect": ("R1 contradicted (the leaflet recommends it for adults over 65; its \"not\" is about babies: the sentence "
               "read alone); R2 partially supported (the leaflet says \"may reduce\", not \"eliminates\"); R3 and R4 "
               "supported."),
    "expect_labels": {1: ["Contradicted"], 2: ["Partially supported"], 3: ["Supported"], 4: ["Supported"]},
}

HOTEL = {
    "name": "hotel",
    "label": "Exceptions and prices: a hotel page",
    "question": "What should I know before staying at the Harbour View Hotel?",
    "response": (
        "Wi-Fi is free throughout the hotel. "
        "Parking costs £20 a night. "
        "Assistance dogs are welcome. "
        "Breakfast is served until 11 am."
    ),
    "context": (
        "# Harbour View Hotel: before you arrive\n\n"
        "Check-in is from 3 pm and check-out is by 11 am. "
        "Breakfast is included in all rates and is served from 7 am to 10 am. "
        "The hotel has free Wi-Fi throughout, but parking costs £15 a night. "
        "Pets are not allowed, except assistance dogs. "
        "Late check-out until 2 pm can be booked for £20."
    ),
    "expect": ("R1 supported; R2 contradicted (£20 vs £15 a night); R3 supported (assistance dogs are the exception to "
               "\"Pets are not allowed\", which the entailment model reads as included); R4 contradicted (served until "
               "10 am)."),
    "expect_labels": {1: ["Supported"], 2: ["Contradicted"], 3: ["Supported"], 4: ["Contradicted"]},
}

# The papers' running example (README, tests): not offered in the app, checked with the examples
DRUG_X = {
    "name": "drug_x",
    "label": "Drug X (the papers' example)",
    "question": "",
    "response": "Drug X lowers blood pressure but raises liver enzymes.",
    "context": ("In the trial, Drug X lowered blood pressure in all patients. Drug X had no effect on liver enzymes.\n---\n"
                "The study was funded by a national research council."),
    "expect": "'lowers blood pressure' supported, 'raises liver enzymes' contradicted.",
    # per claim here: the sentence splits into two claims
    "expect_claim_labels": {"Drug X lowers blood pressure.": ["Supported"], "Drug X raises liver enzymes.": ["Contradicted"]},
}

EXAMPLES = [CONTRADICTION, CONFLICTING_SOURCES, LONG_CONTEXT, FAITHFUL, NUMBERS, MIXED_UP, OVERSTATED, HOTEL]
BY_NAME = {e["name"]: e for e in EXAMPLES}


def claim_label(result, verdict) -> str:
    """A verdict's label, with "(conflict named)" where a Supported claim names a source leaning against it."""
    return verdict.label + (" (conflict named)" if getattr(verdict, "conflicting", None) is not None
                            and verdict.label == "Supported" else "")


def expected_problems(example: dict, result) -> list[str]:
    """Where `result` misses the example's declared verdicts: one line per claim whose label is not allowed."""
    problems = []
    for v in result.verdicts:
        claim = result.claims[v.claim]
        if claim.origin == "rejected":
            continue
        label = claim_label(result, v)
        allowed = example.get("expect_claim_labels", {}).get(claim.text) or \
            example.get("expect_labels", {}).get(claim.sentence + 1)
        if allowed is not None and label not in allowed and v.label not in allowed:
            problems.append(f"R{claim.sentence + 1} '{claim.text}': {label}, expected {' or '.join(allowed)}")
    return problems
