import type { SeedBlogPost } from "./types.ts";

/**
 * Demo blog: original articles for South African Honda drivers and riders, newest last. Bodies use
 * only the tags the blog allows (p, h2, h3, ul/ol/li, strong, em, a, blockquote) and link only to
 * pages on this site.
 */
export const BLOG_POSTS: SeedBlogPost[] = [
  {
    slug: "child-car-seats-what-the-law-says",
    title: "Child car seats: what the law says and what actually keeps kids safe",
    description:
      "South African law requires a proper child restraint for every child under three. Here's how to choose the right seat, fit it properly and know when your child is ready for a booster.",
    publishDate: "2025-01-22",
    author: "Naledi Khumalo",
    theme: "family",
    body: `<p>January means new school bags, new lift clubs and, for many families, a new car seat. It's also the month our service advisors are asked the same question again and again: <em>what does the law actually require?</em> Here is the short answer, followed by the longer one that matters more.</p>
<h2>The legal minimum</h2>
<p>Since May 2015, the National Road Traffic Regulations have required that any child under the age of three be secured in an appropriate child restraint while the vehicle is moving. Holding a baby on your lap, even for a short trip to the shops, is not only illegal but extremely dangerous: in a collision at 60 km/h, a 10 kg child is thrown forward with a force your arms simply cannot hold.</p>
<p>For older children, the rule is that they must use a child restraint or a seatbelt where one is available. That is the legal floor. Safety experts, and we, recommend going well beyond it.</p>
<h2>Choosing the right seat for the right age</h2>
<ul>
<li><strong>Infant seats (birth to roughly 13 kg):</strong> always rear-facing. A rear-facing seat spreads crash forces across the baby's back, head and neck.</li>
<li><strong>Convertible seats:</strong> keep your child rear-facing for as long as the seat's height and weight limits allow, often until age three or four.</li>
<li><strong>Forward-facing seats with a harness:</strong> once your child has outgrown rear-facing, a five-point harness remains far safer than a seatbelt alone.</li>
<li><strong>High-back boosters:</strong> these lift a child so the adult belt crosses the collarbone and the hips, not the neck and tummy. Most children need one until they are about 150 cm tall, which is usually somewhere between ten and twelve.</li>
</ul>
<h2>Fitting it properly</h2>
<p>A good seat fitted badly gives far less protection than you think. Most current Honda models have ISOFIX anchor points on the outer rear seats, plus a top-tether point; your owner's manual shows exactly where. ISOFIX takes most of the guesswork out of installation, but check these points every time:</p>
<ol>
<li>The seat should move no more than about 2.5 cm side to side when you tug it at the belt path.</li>
<li>Harness straps should be snug: you should not be able to pinch a fold of webbing at the shoulder.</li>
<li>Never place a rear-facing seat in front of an active front airbag.</li>
<li>Bulky jackets under the harness create slack. In winter, buckle up first, then tuck a blanket over the top.</li>
</ol>
<blockquote>If you are unsure whether a seat is fitted correctly, bring the car in. Any of our dealerships will check it for you, free of charge, while you wait.</blockquote>
<h3>Second-hand seats</h3>
<p>A second-hand seat from a trusted friend can be fine, but only if you know its full history. Any seat that has been in a crash should be replaced, and plastic becomes brittle with age and heat, so check the manufacture date stamped on the shell. If there is no date and no history, don't use it.</p>
<h2>Room to grow</h2>
<p>If you are juggling two or three car seats, the space in the back seat matters as much as the engine. Models like the seven-seat <a href="/new/honda/br-v">BR-V</a> and the roomy <a href="/new/honda/cr-v">CR-V</a> make the daily school run far less of a puzzle. Pop in and try your own seats in the car before you buy; our sales teams are happy to help.</p>`,
    metaTitle: "Child Car Seat Law in South Africa | Honda Guide",
    metaDescription:
      "What South African law says about child car seats, how to choose the right seat for each age and how to fit it properly, from rear-facing to booster.",
    keywords: "child car seat law, ISOFIX, booster seat, child restraint South Africa, family car",
  },
  {
    slug: "easter-n1-road-trip-preparation",
    title: "Easter on the N1: getting your car ready for the long haul",
    description:
      "Johannesburg to Cape Town is about 1 400 km of highway, Karoo and mountain passes. A little preparation before the Easter weekend makes the trip safer, cheaper and far more relaxing.",
    publishDate: "2025-03-12",
    author: "Sipho Ndlovu",
    theme: "road-trip",
    body: `<p>Every Easter, thousands of Gauteng families point their cars south on the N1 towards the Cape. It's roughly 1 400 km from Johannesburg to Cape Town, through Bloemfontein, the long Karoo stretches past Colesberg and Beaufort West, and then over the Hex River Mountains and through the Huguenot Tunnel. It's a wonderful drive, but it asks a lot of both car and driver. Here's how we'd prepare.</p>
<h2>Two weeks before you leave</h2>
<p>Book your car in for a <a href="/service">pre-trip check</a> early, because workshops fill up quickly before long weekends. If a service is due within the next 2 000 km, do it now rather than halfway through the holiday. Ask the technician to look closely at:</p>
<ul>
<li><strong>Tyres:</strong> tread depth, sidewall cuts and bulges, and the spare. The legal minimum tread depth is 1 mm, but at highway speeds in a Karoo thunderstorm you want far more than that.</li>
<li><strong>Battery:</strong> a tired battery that copes with the school run may not cope with a morning start after a cold night in Beaufort West.</li>
<li><strong>Brakes and coolant:</strong> the descent of the Hex River Pass with a fully loaded car is a real test of both.</li>
<li><strong>Wiper blades and washer fluid:</strong> cheap to replace, and invaluable when a truck sprays muddy water across your windscreen.</li>
</ul>
<h2>The night before</h2>
<p>Check your tyre pressures when the tyres are cold, and use the <em>loaded</em> figures on the placard inside the driver's door frame; a car full of people and luggage needs more pressure than the everyday setting. Pack heavy items low and as far forward in the boot as possible, and make sure nothing loose can fly forward under hard braking.</p>
<h3>What to keep in the car</h3>
<ul>
<li>Two litres of drinking water per person, plus snacks</li>
<li>A charged power bank and a car charger</li>
<li>A torch, warning triangle and reflective vest</li>
<li>Your licence, the vehicle's papers and your roadside assistance number</li>
</ul>
<h2>On the road</h2>
<p>The Karoo is beautiful, but towns are far apart. Make a simple rule: <strong>never let the tank drop below a quarter</strong> between Colesberg and Laingsburg. Fuel stations do run dry on the busiest days, and a detour to the next town can be 80 km or more.</p>
<p>Plan a proper stop every two hours or 200 km, whichever comes first. Swap drivers if you can. Fatigue is one of the biggest killers on our long-distance routes over Easter, and a 15-minute walk around a farm stall does more for your concentration than another energy drink.</p>
<blockquote>Leave early, drive in daylight and accept that you'll arrive a little later than the map promises. The holiday starts when you leave home, not when you arrive.</blockquote>
<h2>Roadworks and stop-go sections</h2>
<p>Expect stop-go controls on parts of the N1, especially around the Free State and the Western Cape. Keep to the posted speed limits, be patient in queues, and never overtake on a solid line to gain a few cars. The time you save is tiny; the risk is not.</p>
<p>If you are travelling through the Free State, our team at Honda Bloemfontein runs a free tyre, battery and fluid check for any Honda. Have a look at our current <a href="/specials">specials and service deals</a> before you go.</p>`,
    metaTitle: "Easter Road Trip on the N1: Car Preparation Guide",
    metaDescription:
      "Driving Johannesburg to Cape Town on the N1 this Easter? Our checklist covers tyres, battery, fuel planning in the Karoo, fatigue and what to pack.",
    keywords: "Easter road trip, N1, Johannesburg to Cape Town, pre-trip check, Karoo driving",
  },
  {
    slug: "balloon-payments-explained",
    title: "Balloon payments explained: lower instalments, but at what cost?",
    description:
      "A balloon payment can make a new car feel affordable each month, but it leaves a large amount owing at the end. We work through a real example so you can decide with your eyes open.",
    publishDate: "2025-04-30",
    author: "Ayesha Patel",
    theme: "finance",
    body: `<p>When you ask for a finance quote, one of the first questions you'll hear is whether you'd like a <strong>balloon payment</strong> (also called a residual). It's one of the most popular options in South African vehicle finance, and one of the most misunderstood. Here's how it works.</p>
<h2>What a balloon payment is</h2>
<p>A balloon is a lump sum, usually a percentage of the purchase price, that you agree to pay at the <em>end</em> of your finance term. Because that amount is deferred, your monthly instalments are lower. You still pay interest on the full amount for the whole term, though, because the balloon portion is never reduced until the final payment.</p>
<h2>A worked example</h2>
<p>Let's take a car priced at R300 000, with no deposit, an interest rate of 12% a year and a 72-month term. (Your own rate will depend on your credit profile and the bank.)</p>
<ul>
<li><strong>No balloon:</strong> about R5 865 a month. After 72 payments the car is yours, and you've paid roughly R422 300 in total.</li>
<li><strong>40% balloon:</strong> about R4 719 a month, which is R1 146 less. But after 72 payments you still owe R120 000. In total you pay roughly R459 800.</li>
</ul>
<p>So the balloon saves you more than R1 100 a month, but costs you about R37 500 more over the life of the deal. You can run your own numbers with our <a href="/finance">finance calculator</a>.</p>
<h2>What happens at the end?</h2>
<p>When the balloon falls due, you generally have three choices:</p>
<ol>
<li><strong>Settle it in cash</strong> and keep the car.</li>
<li><strong>Refinance the balloon</strong> over a further period, which means more interest on a car that is now six years old.</li>
<li><strong>Trade the car in</strong> and use its value to settle the balloon, ideally with something left over for a deposit on your next car.</li>
</ol>
<p>Option three works well when the car is worth more than the balloon. The danger is when it isn't. If the car has high mileage, has been in an accident or simply hasn't held its value, you may find yourself with <em>negative equity</em>: the car is worth less than you owe, and you must find the difference.</p>
<blockquote>A balloon payment is a tool, not a discount. Use it deliberately, with a plan for the final payment, and it can work very well.</blockquote>
<h2>When a balloon makes sense</h2>
<ul>
<li>You plan to trade in every four to six years and choose a model that holds its value well.</li>
<li>You expect a lump sum, such as a bonus or a maturing investment, before the balloon falls due.</li>
<li>You keep the balloon modest: 20% to 30% is far easier to manage than the maximum.</li>
</ul>
<h2>When it doesn't</h2>
<ul>
<li>You're using it to stretch into a car you can't really afford.</li>
<li>You drive long distances every year, which will pull the car's value down faster.</li>
<li>You have no idea how you'll pay the final amount.</li>
</ul>
<p>Our finance and insurance team compares offers from several banks and will happily show you the numbers with and without a balloon side by side. Ask at any of our dealerships, or start with the calculator on our <a href="/finance">finance page</a>.</p>`,
    metaTitle: "Balloon Payments Explained | Honda Finance Guide",
    metaDescription:
      "How a balloon payment lowers your monthly car instalment, what it really costs over 72 months, and the three options you have when the final payment is due.",
    keywords: "balloon payment, residual, vehicle finance, car instalment, negative equity",
  },
  {
    slug: "winter-riding-in-the-cape",
    title: "Winter riding in the Cape: staying warm, dry and upright",
    description:
      "Cape winters bring cold fronts, driving rain and slippery roads. Our Honda Wing team shares the kit, bike care and riding habits that keep you safe until spring.",
    publishDate: "2025-05-28",
    author: "Riaan du Plessis",
    theme: "motorcycle",
    body: `<p>Riders up north like to tease us about the Cape winter, but anyone who has ridden over Sir Lowry's Pass in a north-westerly gale with rain coming sideways knows it's no joke. Between May and September, a string of cold fronts rolls in off the Atlantic, and each one brings wind, rain and cold that test both rider and machine. Here's how our Honda Wing Cape Town team gets through it.</p>
<h2>Dress in layers</h2>
<p>Cold is more than uncomfortable: it slows your reactions and stiffens your hands on the controls. The answer is layers rather than one thick jacket.</p>
<ul>
<li><strong>Base layer:</strong> a thin thermal top and leggings that wick moisture away from your skin.</li>
<li><strong>Mid layer:</strong> a fleece or a thin down vest that traps warm air.</li>
<li><strong>Outer layer:</strong> a properly waterproof riding jacket and pants with armour. "Water resistant" will not survive a Cape Town downpour at 100 km/h.</li>
<li><strong>Extremities:</strong> waterproof winter gloves, a neck tube and waterproof boots. Heated grips are worth every rand if your bike doesn't already have them.</li>
</ul>
<h2>See and be seen</h2>
<p>Fogging is the enemy. An anti-fog insert for your visor is a small investment that transforms early-morning commutes. Keep a clean microfibre cloth in your jacket pocket, and replace a scratched visor: it scatters oncoming headlights badly on wet nights.</p>
<p>Drivers are peering through misted windscreens and swinging wipers, so make yourself obvious. A hi-vis vest or a jacket with bright panels, and your headlight on at all times, genuinely help.</p>
<h2>Where the grip disappears</h2>
<p>The first rain after a dry spell is the most dangerous, because it lifts oil and rubber off the road surface. Be especially careful of:</p>
<ul>
<li>painted road markings, especially the wide white lines at traffic lights;</li>
<li>manhole covers and steel plates at roadworks;</li>
<li>diesel spills at roundabouts and near fuel stations;</li>
<li>shaded mountain roads, such as Chapman's Peak Drive and the Franschhoek Pass, where the surface stays damp and cold for hours.</li>
</ul>
<p>Cold tyres also take longer to reach working temperature. For the first few kilometres, brake gently, lean less and be smooth with the throttle.</p>
<blockquote>In the wet, do one thing at a time: brake upright, then turn, then accelerate. Mixing inputs is what catches riders out.</blockquote>
<h2>Look after the bike</h2>
<ul>
<li><strong>Tyre pressures:</strong> check them on cold mornings, because pressures drop with the temperature.</li>
<li><strong>Chain:</strong> clean and lubricate after every wet ride. Road grime and rain will strip a chain bare within a week.</li>
<li><strong>Battery:</strong> if the bike stands for long periods during winter, a smart trickle charger keeps the battery healthy.</li>
<li><strong>Brakes:</strong> wet grit wears pads faster, so have them checked mid-season.</li>
</ul>
<p>Our workshop at Honda Wing Cape Town offers a winter check for any Honda motorcycle or scooter. <a href="/service">Book a service</a>, or come and talk to us about the right winter kit for the way you ride.</p>`,
    metaTitle: "Winter Motorcycle Riding in the Cape | Honda Wing",
    metaDescription:
      "Riding through a Cape Town winter? Layering, visor fogging, slippery road surfaces and bike care tips from our Honda Wing team to keep you safe until spring.",
    keywords: "winter riding, Cape Town motorcycle, wet weather riding, motorcycle gear, chain care",
  },
  {
    slug: "why-genuine-honda-parts-matter",
    title: "Why genuine Honda parts matter (and when they matter most)",
    description:
      "A cheap filter or brake pad can look identical to the real thing. We explain what's different on the inside, what your rights are and where cutting corners costs you more.",
    publishDate: "2025-06-25",
    author: "Naledi Khumalo",
    theme: "service",
    body: `<p>Hold a genuine Honda oil filter next to a no-name copy and you would struggle to tell them apart. They have the same colour, the same thread and often very similar packaging. The difference is on the inside, and that is exactly where it matters.</p>
<h2>What you can't see</h2>
<p>Take that oil filter again. Inside the genuine part is a filter medium specified to trap particles of a particular size at a particular flow rate, an anti-drain-back valve that keeps oil in the filter when the engine is off, and a bypass valve set to open at the pressure Honda's engineers designed for. A poorly made copy might restrict flow on a cold start, or let unfiltered oil through too early. You won't notice on day one. You may notice at 150 000 km.</p>
<p>The same logic applies across the car:</p>
<ul>
<li><strong>Brake pads:</strong> the friction compound is matched to your car's weight, discs and ABS. Inferior pads can fade on a long descent, squeal, or wear the discs prematurely.</li>
<li><strong>Cabin filters:</strong> genuine filters trap fine dust and pollen. Cheap ones can be little more than folded paper.</li>
<li><strong>Wiper blades:</strong> the right rubber compound stays supple through a Highveld summer instead of cracking within months.</li>
<li><strong>Hybrid and electrical components:</strong> on an e:HEV model, there is simply no room for guesswork.</li>
</ul>
<h2>Counterfeits are a real problem</h2>
<p>South Africa has a thriving trade in counterfeit parts, some of which are packaged to look like branded originals. Brake components and filters are the most commonly copied because they sell in high volumes. If a price looks too good to be true, it usually is.</p>
<blockquote>We'd rather replace a part once, properly, than see the same car back in three months with the same problem.</blockquote>
<h2>Your right to choose</h2>
<p>It's worth being clear: since the Competition Commission's automotive aftermarket guidelines came into effect in 2021, you are free to have your car serviced at an independent workshop during the warranty period, provided the work is done properly and to the manufacturer's specifications. We think that's fair. We also think that, once you compare like with like, a Honda dealership is very competitive, particularly on service plans and routine work.</p>
<h2>What genuine parts give you</h2>
<ol>
<li><strong>A parts warranty</strong> on every genuine Honda part we fit.</li>
<li><strong>Correct fitment first time</strong>, because the part was designed for your exact model.</li>
<li><strong>Technicians trained on your car</strong>, with the right diagnostic equipment and up-to-date technical bulletins.</li>
<li><strong>A complete, verifiable service history</strong>, which counts when you come to sell or trade in.</li>
</ol>
<p>Keep an eye on our <a href="/specials">service deals</a>; we regularly run specials on brake pads, batteries and air-conditioning work. When you're ready, <a href="/service">book your next service</a> online.</p>`,
    metaTitle: "Why Genuine Honda Parts Matter | Honda Service",
    metaDescription:
      "What's really inside a genuine Honda part, how counterfeit parts slip into the market, and your rights when servicing your car in South Africa.",
    keywords: "genuine parts, Honda parts, counterfeit parts, right to repair, car service",
  },
  {
    slug: "getting-your-code-a-motorcycle-licence",
    title: "Your first big-bike licence: a plain guide to the K53 Code A",
    description:
      "From the learner's test to the yard and the road test, here's how to get your Code A motorcycle licence in South Africa, and how to choose the right bike to learn on.",
    publishDate: "2025-07-30",
    author: "Riaan du Plessis",
    theme: "motorcycle",
    body: `<p>Few things beat the feeling of riding away from a testing station with your full motorcycle licence. Getting there takes some planning, though, and the process isn't always well explained. This is the guide we wish we'd had.</p>
<h2>Which licence do you need?</h2>
<ul>
<li><strong>Code A1</strong> covers motorcycles with an engine capacity of up to 125 cm³, such as the <a href="/honda-wing/honda/pcx125">PCX125</a>.</li>
<li><strong>Code A</strong> covers motorcycles above 125 cm³, from the <a href="/honda-wing/honda/rebel-500">Rebel 500</a> all the way up to the Gold Wing. You need to be at least 18.</li>
</ul>
<p>If you're sure you want to ride bigger bikes, go straight for Code A. It saves you doing the process twice.</p>
<h2>Step 1: the learner's licence</h2>
<p>Start at your local driving licence testing centre (DLTC) by booking a learner's licence test for motorcycles. The theory test covers the rules of the road, road signs and motorcycle controls. Study the K53 manual properly: plenty of people fail on the signs they thought they knew.</p>
<p>Your learner's licence is valid for 24 months. While you hold it, you may ride on public roads to practise, but you <strong>may not carry a passenger</strong>. You still need full protective gear: a proper helmet is required by law, and gloves, a jacket, long pants and boots are simply common sense.</p>
<h2>Step 2: practise properly</h2>
<p>The K53 test rewards method. Examiners want to see you make the same observations, in the same order, every single time: mirrors, signal, blind spot, and then move. Practise these until they happen without thinking.</p>
<p>Slow-speed control is where most candidates come unstuck. Tight turns at walking pace, riding in a straight line slowly without putting a foot down, and a controlled emergency stop all need practice in an empty car park, not on the morning of your test.</p>
<blockquote>Smooth is more important than fast. The examiner is watching your control and your observation, not how quickly you finish.</blockquote>
<h2>Step 3: the test itself</h2>
<p>On the day, you'll start with a pre-trip inspection of the motorcycle, followed by manoeuvres in the testing yard and then a road test in traffic. Arrive early, make sure the bike is roadworthy, licensed and in the correct class for the licence you are testing for, and bring your learner's licence and ID.</p>
<h2>Choosing a bike to learn on</h2>
<p>The best learner bike is light, low and forgiving. The <a href="/honda-wing/honda/rebel-500">Rebel 500</a> has a low seat that inspires confidence, while the <a href="/honda-wing/honda/nx500">NX500</a> offers an upright position that suits taller riders. Both are easy to manage at slow speeds and still have enough performance to grow into once you've passed.</p>
<h2>Get help</h2>
<p>Our Honda Wing Riding Academy runs licence preparation courses in Midrand, Durban and Cape Town, with training bikes and gear available if you don't have your own yet. Ask at any Honda Wing dealership, or browse our <a href="/specials">current motorcycle specials</a> for your first bike.</p>`,
    metaTitle: "How to Get a Code A Motorcycle Licence (K53)",
    metaDescription:
      "A step-by-step guide to the K53 Code A motorcycle licence in South Africa: learner's test, practising, the yard and road test, and the best bikes to learn on.",
    keywords: "Code A licence, K53 motorcycle, learner's licence, motorcycle test, first motorcycle",
  },
  {
    slug: "hybrid-driving-in-south-africa",
    title: "How Honda e:HEV hybrids work, and why they make sense here",
    description:
      "No plug, no range anxiety and no dependence on the grid. Here's how Honda's self-charging e:HEV system works, and where South African drivers see the biggest savings.",
    publishDate: "2025-08-27",
    author: "Sipho Ndlovu",
    theme: "hybrid",
    body: `<p>South Africans have every reason to be sceptical about anything that depends on the electricity grid. That's exactly why Honda's e:HEV hybrids are worth a closer look: they never need to be plugged in. Every kilowatt they use is made on board, by the petrol engine and by recovering energy when you slow down.</p>
<h2>How e:HEV works</h2>
<p>The system combines a petrol engine, two electric motors (one that drives the wheels and one that works as a generator) and a compact battery. A computer chooses between three modes continuously, and you'll rarely notice the switch:</p>
<ul>
<li><strong>EV Drive:</strong> at low speeds and in light traffic, the car runs on battery power alone. It's silent, smooth and uses no fuel at all.</li>
<li><strong>Hybrid Drive:</strong> when you need more power, the engine starts and drives the generator, which powers the electric motor. The wheels are still driven electrically, so acceleration is instant and seamless.</li>
<li><strong>Engine Drive:</strong> at steady highway speeds, a clutch connects the engine directly to the wheels, because that is the most efficient way to cruise.</li>
</ul>
<p>When you lift off or brake, the drive motor becomes a generator and feeds energy back into the battery. On many models you can adjust how strongly the car slows using paddles behind the steering wheel, which makes descending a pass in traffic very relaxed.</p>
<h2>Where the savings come from</h2>
<p>Hybrids are at their best in exactly the conditions many South Africans drive in every day: stop-start traffic, slow queues at intersections and school-run crawling. Every time a conventional car idles or accelerates from standstill, it burns fuel inefficiently. A hybrid covers much of that on electricity it recovered a few minutes earlier.</p>
<p>During the years of heavy load-shedding, with traffic lights out across our cities, many of our e:HEV customers told us their fuel consumption barely changed even as journey times doubled. On the open road at 120 km/h, the gap to a conventional petrol car narrows, but the e:HEV still holds its own thanks to the engine-drive mode.</p>
<blockquote>A hybrid doesn't ask you to change how you live. Fill up at the same fuel station, park in the same garage, and simply visit the pumps less often.</blockquote>
<h2>Common questions</h2>
<h3>What about the battery?</h3>
<p>The hybrid battery is designed to last the life of the car, and it carries its own separate warranty. Ask our sales team for the exact terms on the model you're considering.</p>
<h3>Is it more expensive to service?</h3>
<p>Routine servicing is very similar to a conventional Honda. Because regenerative braking does much of the work, brake pads often last noticeably longer.</p>
<h3>Which Hondas are available as e:HEV?</h3>
<p>You can choose e:HEV power in the <a href="/new/honda/city-hatch">City Hatch</a>, <a href="/new/honda/fit">Fit</a>, <a href="/new/honda/hr-v">HR-V</a>, <a href="/new/honda/zr-v">ZR-V</a>, <a href="/new/honda/cr-v">CR-V</a> and <a href="/new/honda/civic-e-hev">Civic</a>. Book a test drive and spend half an hour in traffic with one: it's the best way to understand how different it feels.</p>`,
    metaTitle: "How Honda e:HEV Hybrids Work | Hybrid Driving in SA",
    metaDescription:
      "Honda's self-charging e:HEV hybrids never need a plug. Learn how the three drive modes work and why stop-start South African traffic is where they shine.",
    keywords: "hybrid car South Africa, e:HEV, self-charging hybrid, fuel economy, load-shedding",
  },
  {
    slug: "smash-and-grab-safety-tips",
    title: "Smash-and-grab: simple habits that keep you and your car safe",
    description:
      "Smash-and-grab criminals look for easy targets at intersections and off-ramps. These practical habits, plus a few affordable upgrades, make you a much harder one.",
    publishDate: "2025-09-17",
    author: "Naledi Khumalo",
    theme: "safety",
    body: `<p>It takes a criminal about three seconds to break a side window and grab a handbag off the passenger seat. Smash-and-grab incidents are common at busy intersections, highway off-ramps and anywhere traffic slows to a crawl. The good news is that most of them are opportunistic, and a few simple habits make your car a far less attractive target.</p>
<h2>Out of sight, every time</h2>
<p>The single most effective thing you can do costs nothing: <strong>keep valuables out of sight</strong>. That means before you get in the car, not once you're at the robot.</p>
<ul>
<li>Put handbags, laptop bags and shopping in the boot, or at least in the footwell behind the front seats.</li>
<li>Keep your phone in a closed compartment or a mount that isn't visible from the side window.</li>
<li>Don't leave charging cables and phone holders on display; they suggest there's a device nearby.</li>
<li>Remember that a jacket on the back seat may look like it's covering something worth taking.</li>
</ul>
<h2>Hotspot awareness</h2>
<p>Criminals favour places where cars stop and escape is easy: off-ramps, intersections near open veld or informal paths, and traffic lights that are out. Where you can, adjust your route to avoid known hotspots, particularly at night.</p>
<p>When you stop, leave enough space to the car in front that you can see its rear tyres touching the road. That gives you room to pull out and away if something doesn't feel right. Stay alert: a phone in your lap is a distraction at exactly the wrong moment.</p>
<blockquote>If someone does break your window, let the bag go. Nothing in it is worth being hurt for.</blockquote>
<h2>Affordable upgrades</h2>
<h3>Safety and security film</h3>
<p>A professionally fitted security film holds shattered glass together, which makes it far harder and slower to break through a window. It's one of the best value security upgrades available, and a good film also reduces heat and UV in the cabin. Ask us about a quote when you next <a href="/service">book a service</a>.</p>
<h3>Central locking habits</h3>
<p>Most modern Hondas can be set to lock the doors automatically once you drive off. If yours doesn't, make locking up the first thing you do after closing the door.</p>
<h2>Beware of remote jamming</h2>
<p>In shopping centre parking lots, criminals sometimes use devices that block the signal from your remote. You press the button, walk away and the car remains unlocked. Always check that the indicators flash and the mirrors fold (if your car does this), or pull a door handle before you leave.</p>
<h2>If it happens</h2>
<ol>
<li>Get to a safe place before you stop to assess what happened.</li>
<li>Call SAPS on 10111 and get a case number; your insurer will need it.</li>
<li>Cancel bank cards and report a stolen phone to your network straight away.</li>
<li>Contact us to have the glass replaced: we stock genuine Honda glass for current models.</li>
</ol>
<p>A few seconds of preparation before each trip can save you a great deal of trouble. Please share these tips with family members who drive, especially new drivers.</p>`,
    metaTitle: "Smash-and-Grab Safety Tips for SA Drivers",
    metaDescription:
      "Practical ways to avoid smash-and-grab crime in South Africa: keeping valuables hidden, hotspot awareness, security film and what to do if it happens to you.",
    keywords: "smash and grab, car security, security window film, remote jamming, driver safety",
  },
  {
    slug: "fuel-saving-tips-when-prices-rise",
    title: "Ten ways to stretch a tank when the fuel price climbs again",
    description:
      "Fuel prices in South Africa change on the first Wednesday of every month, and rarely in our favour. These ten habits can cut your consumption noticeably without changing your car.",
    publishDate: "2025-10-08",
    author: "Sipho Ndlovu",
    theme: "city",
    body: `<p>South African fuel prices are adjusted on the first Wednesday of each month, driven by the oil price and the rand-dollar exchange rate. You can't control either, but you can control how much fuel your car uses. In our experience, drivers who adopt most of these habits save around 10% to 15%, and sometimes more.</p>
<h2>Before you drive</h2>
<ul>
<li><strong>Check your tyre pressures monthly.</strong> Under-inflated tyres increase rolling resistance and wear. Use the figures on the placard in the driver's door frame, and check them when the tyres are cold.</li>
<li><strong>Lose the extra weight.</strong> The golf clubs, the box of old files and the camping chairs from December all cost fuel every day they stay in the boot.</li>
<li><strong>Remove roof racks and boxes when you're not using them.</strong> They add drag at every speed, and a lot of it on the highway.</li>
<li><strong>Combine short trips.</strong> A cold engine is at its least efficient. Three errands in one loop use far less fuel than three separate trips from home.</li>
</ul>
<h2>How you drive</h2>
<ul>
<li><strong>Accelerate smoothly.</strong> Imagine there's an open cup of coffee on the dashboard. Hard acceleration is one of the biggest fuel wasters in town.</li>
<li><strong>Look far ahead.</strong> If the robot ahead is red, lift off early and let the car coast. Every time you brake, you throw away energy you paid for.</li>
<li><strong>Slow down on the highway.</strong> Drag rises sharply with speed. Cruising at 110 km/h instead of 120 km/h makes a measurable difference over a long trip, and adds only a few minutes.</li>
<li><strong>Use the ECON button.</strong> Many Hondas have an ECON mode that softens throttle response and eases the air-conditioning load. It's ideal for commuting.</li>
<li><strong>Be smart about the air-conditioning.</strong> In town, opening the windows is usually more efficient. Above about 80 km/h, windows create enough drag that the aircon becomes the better choice.</li>
</ul>
<h2>Look after the car</h2>
<ul>
<li><strong>Keep up with servicing.</strong> Fresh oil of the correct grade, a clean air filter, healthy spark plugs and correct wheel alignment all help your engine and tyres work as efficiently as they were designed to. <a href="/service">Book a service</a> if you're due.</li>
</ul>
<blockquote>Fill up on the Tuesday before an announced increase, but don't drive across town to do it. The detour can cost more than you save.</blockquote>
<h2>Thinking of changing cars?</h2>
<p>If fuel is a large part of your monthly budget, it may be time to look at a more efficient car. Honda's 1.2-litre <a href="/new/honda/amaze">Amaze</a> and <a href="/new/honda/wr-v">WR-V</a> are very frugal, and our e:HEV hybrids such as the <a href="/new/honda/city-hatch">City Hatch RS e:HEV</a> really come into their own in daily traffic. Our sales team can help you compare real running costs, not only the purchase price, and our <a href="/finance">finance calculator</a> shows what the switch would cost each month.</p>`,
    metaTitle: "10 Fuel-Saving Tips for South African Drivers",
    metaDescription:
      "Fuel prices change every month in South Africa. These ten practical habits, from tyre pressures to smoother driving and ECON mode, help stretch every tank.",
    keywords: "fuel saving tips, petrol price, fuel economy, ECON mode, driving tips",
  },
  {
    slug: "service-intervals-explained",
    title: "Service intervals explained: time, distance and the bit in between",
    description:
      "Why your car needs a service once a year even if you barely drive, what counts as severe conditions, and the difference between a service plan and a maintenance plan.",
    publishDate: "2025-11-19",
    author: "Naledi Khumalo",
    theme: "service",
    body: `<p>"But I've only done 6 000 km this year. Does it really need a service?" We hear this at our service desks every week, and it's a fair question. The answer is usually yes, and the reason is worth understanding.</p>
<h2>Time or distance, whichever comes first</h2>
<p>Every Honda has a service schedule based on both <strong>time</strong> and <strong>distance</strong>. Your service booklet shows the exact interval for your model. The rule is simple: the service falls due at whichever limit you reach first.</p>
<p>Time matters because engine oil ages even when the car isn't moving. It absorbs moisture and combustion by-products, especially on short trips where the engine never reaches full temperature. Brake fluid attracts moisture over time too, which lowers its boiling point. Rubber components, such as wiper blades and hoses, age with heat and sunlight regardless of mileage.</p>
<h2>What counts as severe conditions?</h2>
<p>Many South African drivers operate under what manufacturers call <em>severe</em> conditions without realising it. These include:</p>
<ul>
<li>mostly short trips of under 10 km, particularly in cold weather;</li>
<li>regular driving on dusty gravel roads, common in rural areas and on farms;</li>
<li>long periods of stop-start traffic or idling;</li>
<li>towing a trailer or caravan;</li>
<li>sustained high temperatures, like a Limpopo or Lowveld summer.</li>
</ul>
<p>If this sounds like your driving, talk to your service advisor. You may benefit from more frequent oil changes or air filter replacements between major services.</p>
<h2>What a service involves</h2>
<p>A modern service is much more than an oil change. Depending on the interval, our technicians will:</p>
<ul>
<li>replace the engine oil and filter, and other filters as scheduled;</li>
<li>inspect brakes, suspension, steering and tyres;</li>
<li>check all fluids, belts and hoses;</li>
<li>run a diagnostic scan and install any software updates;</li>
<li>road-test the car and record everything in your digital service history.</li>
</ul>
<blockquote>A missed service rarely causes a problem tomorrow. It causes an expensive one two years from now, and it shows up on your service record when you sell.</blockquote>
<h2>Service plan or maintenance plan?</h2>
<p>These two terms are often confused:</p>
<ul>
<li>A <strong>service plan</strong> covers the scheduled services in your booklet, including parts and labour, for a set period or distance.</li>
<li>A <strong>maintenance plan</strong> covers those services plus the replacement of items that wear out, such as brake pads, wiper blades and some suspension parts.</li>
</ul>
<p>If your car's plan is about to expire, ask us about an extension. It protects you against rising labour and parts costs and adds value when you trade in. Our current <a href="/specials">service deals</a> include several plan top-ups.</p>
<h2>Book ahead</h2>
<p>The busiest times in our workshops are the weeks before Easter and the December holidays. If you're planning a trip, <a href="/service">book your service online</a> a few weeks early and we'll have your car ready when you need it.</p>`,
    metaTitle: "Car Service Intervals Explained | Honda Service",
    metaDescription:
      "Why your Honda needs a service every year even at low mileage, what severe driving conditions mean, and how a service plan differs from a maintenance plan.",
    keywords: "service interval, service plan, maintenance plan, car service, severe driving conditions",
  },
  {
    slug: "trade-in-tips-get-the-best-value",
    title: "Trading in? Seven ways to get the best value for your car",
    description:
      "How dealers value a trade-in, why it differs from the retail price you see online, and seven simple steps that put more money towards your next car.",
    publishDate: "2026-01-21",
    author: "Ayesha Patel",
    theme: "finance",
    body: `<p>January is one of the busiest months for trade-ins. Holiday kilometres are on the clock, the new year has people thinking about change, and many want something bigger, smaller or more efficient. Here's how to make sure your current car works as hard as possible towards your next one.</p>
<h2>Why trade value isn't retail value</h2>
<p>The first surprise for many people is the gap between the price they see for similar cars in online adverts and the figure a dealer offers. That difference isn't a trick. Before a dealer can sell your car, it has to be inspected, reconditioned, valeted, advertised and backed by a warranty, and the dealership carries the risk while it sits on the floor. Trade guides in South Africa publish both a trade and a retail value for exactly this reason.</p>
<p>What a trade-in gives you in return is certainty and convenience: no strangers at your house, no haggling, no payment scams and no paperwork headaches.</p>
<h2>Seven ways to improve your offer</h2>
<ol>
<li><strong>Get your settlement figure.</strong> If the car is financed, ask your bank for a settlement letter before you shop. You need to know whether you have equity to put towards the new car, or a shortfall to plan for.</li>
<li><strong>Gather the service history.</strong> A complete, stamped or digital service record is the single biggest factor we can't fix afterwards. It proves the car has been looked after.</li>
<li><strong>Find both keys.</strong> A missing spare key can cost several thousand rand to replace, and it will be deducted.</li>
<li><strong>Check the spare wheel and tools.</strong> The jack, spanner and locking wheel nut key should all be in the car.</li>
<li><strong>Fix the cheap things.</strong> A blown bulb, a cracked windscreen that's covered by insurance, or a worn wiper blade all create a poor first impression for very little money.</li>
<li><strong>Clean it properly.</strong> A tidy, odour-free car tells the appraiser it has been cared for. A proper valet costs a few hundred rand and is usually worth it.</li>
<li><strong>Be honest about problems.</strong> An appraiser will find them. Disclosing them up front builds trust and speeds up the process.</li>
</ol>
<blockquote>Don't over-invest before a trade-in. New tyres or a respray rarely add as much to the offer as they cost you.</blockquote>
<h2>Timing matters</h2>
<p>Cars lose value steadily with age and distance. If your service plan or warranty is about to expire, trading in before it does can make a real difference to the offer. The same is true just before a big mileage milestone, such as 100 000 km.</p>
<h2>Negative equity</h2>
<p>If you owe more than the car is worth, you can still trade in, but the shortfall has to be settled or added to your new finance. Our finance team will show you exactly what that means for your instalment before you commit.</p>
<p>Ready to start? Bring your car to any of our dealerships for a free, no-obligation valuation, browse our <a href="/used">used stock</a> if you'd like to trade sideways, or work out your next instalment with our <a href="/finance">finance calculator</a>.</p>`,
    metaTitle: "Car Trade-In Tips: Get the Best Value | Honda",
    metaDescription:
      "How dealers value trade-ins, why trade and retail prices differ, and seven simple steps to get a better offer on your car before you upgrade to a new Honda.",
    keywords: "trade-in, car valuation, settlement figure, sell my car, negative equity",
  },
  {
    slug: "honda-wing-riding-academy",
    title: "Inside the Honda Wing Riding Academy: a course for every rider",
    description:
      "From your very first ride to gravel skills on an Africa Twin, our Riding Academy courses help riders of every level ride better and enjoy it more. Here's what's on offer in 2026.",
    publishDate: "2026-02-25",
    author: "Riaan du Plessis",
    theme: "motorcycle",
    body: `<p>Buying a motorcycle is the easy part. Becoming a confident, skilled rider takes time, good habits and, ideally, good teachers. That's why we started the Honda Wing Riding Academy, and why, several years on, it remains one of the things we're proudest of.</p>
<h2>Who the Academy is for</h2>
<p>Honestly? Everyone. Our courses are run at Honda Wing Midrand, Honda Wing Durban and Honda Wing Cape Town, and you don't need to own a Honda to join. Our instructors are experienced riders with formal training qualifications, and classes are kept small so you get real individual feedback.</p>
<h2>The 2026 course line-up</h2>
<h3>First Ride (one day)</h3>
<p>For complete beginners. We start in a closed area with clutch control, balance and slow-speed manoeuvres on our own training bikes, and finish with your first short ride. Gear is available if you don't have your own yet.</p>
<h3>Licence Prep (two half-days)</h3>
<p>For riders with a learner's licence preparing for the K53 Code A or A1 test. We cover the observation routine, yard manoeuvres and the road test in detail, with a full mock test at the end.</p>
<h3>Confident Commuter (one day)</h3>
<p>For newly licensed riders and anyone returning after a break. The focus is traffic awareness, positioning, braking in an emergency and staying visible in South African traffic, including our well-known minibus taxi manoeuvres.</p>
<h3>Gravel Skills 1 and 2 (one day each)</h3>
<p>For adventure riders on bikes like the <a href="/honda-wing/honda/crf1100l-africa-twin">Africa Twin</a>, <a href="/honda-wing/honda/xl750-transalp">Transalp</a> or <a href="/honda-wing/honda/nx500">NX500</a>. Level 1 teaches standing, body position, braking on loose surfaces and picking a bike up safely. Level 2 adds sand, ruts, steep descents and a guided route on farm roads.</p>
<h3>DCT Discovery (half-day)</h3>
<p>Curious about Honda's Dual Clutch Transmission? Spend a morning on DCT-equipped bikes and learn how to get the best from the different riding modes, on tar and on gravel.</p>
<blockquote>"I'd been riding for fifteen years and thought I knew it all. Gravel Skills 1 taught me more in a day than I'd learnt in a decade." &mdash; Academy rider, Cape Town</blockquote>
<h2>Practical details</h2>
<ul>
<li>Courses start from R1 950 per person for a half-day session.</li>
<li>Lunch, refreshments and a course booklet are included on full-day courses.</li>
<li>Riders buying a new Honda motorcycle from us often qualify for a free place; check our <a href="/specials">current specials</a>.</li>
<li>You'll need a valid learner's or full licence for all courses except First Ride.</li>
</ul>
<h2>What to bring</h2>
<p>A helmet, gloves, a riding jacket, long pants and boots that cover your ankles. For gravel courses, proper off-road boots make a big difference. Bring your own bike if it's a suitable size, or book one of ours when you enrol.</p>
<p>To book, contact your nearest Honda Wing dealership. Courses fill up fast, particularly before the Easter and December riding seasons.</p>`,
    metaTitle: "Honda Wing Riding Academy: Motorcycle Courses",
    metaDescription:
      "Motorcycle training at Honda Wing in Midrand, Durban and Cape Town: first ride, K53 licence prep, confident commuting, gravel skills and DCT courses.",
    keywords: "motorcycle training, riding course, off-road skills, Honda Wing, learn to ride",
  },
  {
    slug: "cr-v-or-zr-v-which-honda-suv",
    title: "CR-V or ZR-V: which Honda SUV is right for you?",
    description:
      "Both are premium, beautifully built Honda SUVs, and both offer e:HEV hybrid power. The right choice comes down to how many people and how much stuff you carry.",
    publishDate: "2026-03-25",
    author: "Sipho Ndlovu",
    theme: "family",
    body: `<p>It's the question our Sandton and Menlyn sales teams hear more than any other: "Should I get the CR-V or the ZR-V?" They look related, they share much of their technology, and their prices overlap. But they are built for different kinds of lives, and once you know what to look for, the decision usually makes itself.</p>
<h2>At a glance</h2>
<ul>
<li><strong>ZR-V:</strong> from R664 900 for the 2.0 Elegance CVT, up to R779 900 for the 2.0 e:HEV Advance.</li>
<li><strong>CR-V:</strong> from R689 900 for the 1.5T Comfort CVT, up to R899 900 for the 2.0 e:HEV Advance AWD.</li>
</ul>
<p>Have a look at the full specifications of the <a href="/new/honda/zr-v">ZR-V</a> and the <a href="/new/honda/cr-v">CR-V</a>, including every variant and colour.</p>
<h2>Space: the biggest difference</h2>
<p>The CR-V is the larger car in every direction that matters to a family. Rear legroom is generous enough for teenagers, or adults, on long trips, and the boot is noticeably bigger: a double pram plus the weekly shop, or four people's luggage for a week at the coast, goes in without a fight.</p>
<p>The ZR-V is more compact. Four adults fit comfortably, and the boot is perfectly sized for a couple or a small family, but if you regularly fill your car to the roof, the CR-V is the sensible answer.</p>
<h2>Driving: the ZR-V's trump card</h2>
<p>The ZR-V sits lower and feels more like a sporty hatchback from behind the wheel. Its steering is crisp, it resists body roll well and it's genuinely enjoyable on a winding road. If you miss driving a Civic but need a little more height and space, the ZR-V is that car.</p>
<p>The CR-V is calmer and more isolating: supremely quiet on the highway, relaxed over poor surfaces and built for covering long distances without fatigue.</p>
<blockquote>Think about your most demanding week of the year, not your average day. That's the week your car has to handle.</blockquote>
<h2>Hybrid or petrol?</h2>
<p>Both ranges offer a 2.0 e:HEV hybrid. If much of your driving is in town traffic, the hybrid repays its premium through lower fuel bills and a smoother, quieter drive. If you mostly cover long open-road distances, the petrol models make a strong case too, especially the CR-V's turbocharged 1.5.</p>
<h2>All-wheel drive</h2>
<p>Only the CR-V offers all-wheel drive, on the Executive and e:HEV Advance variants. It isn't an off-roader, but the extra traction is reassuring on wet mountain passes, gravel farm roads and the odd muddy game-reserve track.</p>
<h2>Our quick guide</h2>
<ul>
<li><strong>Choose the ZR-V if</strong> you're a couple or a small family, you enjoy driving and you spend most of your time in and around the city.</li>
<li><strong>Choose the CR-V if</strong> you have growing children, you tow, you take long road trips or you want the option of all-wheel drive.</li>
</ul>
<p>Better still, drive them back to back. Book a test drive at any of our dealerships, and ask our finance team to compare the monthly cost of your shortlist with our <a href="/finance">finance calculator</a>.</p>`,
    metaTitle: "Honda CR-V vs ZR-V: Which SUV Is Right for You?",
    metaDescription:
      "Comparing the Honda CR-V and ZR-V on price, space, driving feel, hybrid options and all-wheel drive to help you pick the right family SUV in South Africa.",
    keywords: "CR-V vs ZR-V, Honda SUV, family SUV, hybrid SUV, SUV comparison",
  },
  {
    slug: "scooter-commuting-pcx125-adv350-forza-350",
    title: "Beat the traffic: PCX125, ADV350 or Forza 350?",
    description:
      "A scooter can halve your commute and cut your fuel bill dramatically. We compare Honda's three most popular commuters to help you choose the right one for your route.",
    publishDate: "2026-05-13",
    author: "Riaan du Plessis",
    theme: "city",
    body: `<p>If you commute into Sandton, Umhlanga Ridge or the Cape Town CBD, you already know the numbers: an hour or more in traffic each way, parking that costs a small fortune and a fuel bill that climbs every few months. More and more of our customers are solving all three problems with a scooter. Here's how Honda's three most popular commuters compare.</p>
<h2>Honda PCX125: the easy starter</h2>
<p>The <a href="/honda-wing/honda/pcx125">PCX125</a> is the scooter we recommend most often to first-time riders. It's light, easy to handle and, at R52 900, very affordable. Because it's a 125, you can ride it on a Code A1 licence.</p>
<ul>
<li>Idle-stop switches the engine off at traffic lights and restarts it instantly, saving fuel.</li>
<li>Fuel consumption of around 2 litres per 100 km is realistic in town.</li>
<li>Under-seat storage takes a full-face helmet, and a smart key means no fumbling.</li>
</ul>
<p>It's legal on freeways, but with 9 kW it's happiest on suburban roads and main arterials rather than a fast N1 with trucks.</p>
<h2>Honda ADV350: the pothole specialist</h2>
<p>The <a href="/honda-wing/honda/adv350">ADV350</a> is a scooter with an adventure bike's attitude. Long-travel suspension soaks up broken tar, potholes and speed humps that would jolt a conventional scooter, and its upright riding position gives you a great view over traffic. At R114 900, it needs a Code A licence, but its 330 cc engine comfortably handles freeway speeds.</p>
<p>If your commute includes rough roads, a gravel shortcut or the occasional weekend escape, the ADV350 is the one.</p>
<h2>Honda Forza 350: the long-distance commuter</h2>
<p>The <a href="/honda-wing/honda/forza-350">Forza 350</a> shares the ADV350's engine but wraps it in a sleeker, more protective body. An electrically adjustable screen, generous weather protection and space under the seat for two helmets make it a superb choice for longer daily commutes, or for riding with a passenger. It costs R117 900.</p>
<blockquote>Rule of thumb: under 15 km on suburban roads, the PCX125 does everything. More freeway, more potholes or a pillion, and one of the 350s makes more sense.</blockquote>
<h2>What it really costs</h2>
<p>Once you add a helmet, gloves, a jacket, insurance and a good disc lock, most riders spend an extra R10 000 to R15 000 on top of the scooter. Against that, a car commuter spending R3 000 a month on fuel and parking could easily save that in the first six months.</p>
<h2>Stay safe in traffic</h2>
<ul>
<li>Always wear proper protective gear, even for a 5 km trip.</li>
<li>Assume that drivers haven't seen you, especially at intersections.</li>
<li>Keep out of blind spots, particularly those of minibus taxis and trucks.</li>
<li>Consider a Confident Commuter course at our Honda Wing Riding Academy.</li>
</ul>
<p>Come and sit on all three at your nearest Honda Wing dealership, and ask about our <a href="/specials">current scooter specials</a>. Some include a helmet and top box.</p>`,
    metaTitle: "PCX125 vs ADV350 vs Forza 350: Honda Scooters",
    metaDescription:
      "Comparing Honda's PCX125, ADV350 and Forza 350 for daily commuting in South Africa: licence codes, freeway ability, potholes, storage and running costs.",
    keywords: "scooter commuting, PCX125, ADV350, Forza 350, Code A1",
  },
  {
    slug: "potholes-tyres-and-wheel-damage",
    title: "Potholes, tyres and wheels: protecting your car on broken roads",
    description:
      "Potholes damage thousands of tyres, rims and suspension parts every month. Here's how to spot the damage early, drive to avoid it and what to do after a hard hit.",
    publishDate: "2026-06-17",
    author: "Naledi Khumalo",
    theme: "safety",
    body: `<p>South African drivers have become experts at pothole slaloms. Heavy summer rains, ageing road surfaces and overloaded trucks mean even major roads can sprout craters overnight. The damage they cause is often more serious than a flat tyre, and it isn't always visible straight away.</p>
<h2>What a pothole can do</h2>
<p>When a tyre hits the sharp edge of a pothole at speed, the impact is concentrated on a tiny area. The result can be:</p>
<ul>
<li><strong>a sidewall bulge</strong>, where the tyre's internal cords have broken. This is a serious safety risk, because the tyre can fail suddenly at highway speed;</li>
<li><strong>a bent or cracked rim</strong>, which may cause a slow leak or a vibration through the steering wheel;</li>
<li><strong>knocked-out wheel alignment</strong>, leading to uneven tyre wear and a car that pulls to one side;</li>
<li><strong>suspension damage</strong>, including bent control arms, damaged shock absorbers or broken coil springs.</li>
</ul>
<h2>Driving to avoid damage</h2>
<ol>
<li><strong>Increase your following distance.</strong> Potholes are hard to see when you're close behind another car. More space gives you time to spot them and react.</li>
<li><strong>Be extra careful after rain.</strong> A puddle can hide a deep hole. If you can't see the bottom, treat it as a pothole.</li>
<li><strong>Slow down, but don't brake in the hole.</strong> Braking compresses the front suspension and makes the impact worse. Brake before, then release as you go through.</li>
<li><strong>Never swerve into another lane</strong> without checking your mirrors. A sudden swerve is far more dangerous than a pothole.</li>
<li><strong>Keep tyres correctly inflated.</strong> Under-inflated tyres are much more likely to be damaged.</li>
</ol>
<blockquote>The legal minimum tread depth is 1 mm, but tyre condition is about more than tread. A bulge on a brand-new tyre still means it must be replaced.</blockquote>
<h2>After a hard hit</h2>
<p>Pull over when it's safe and look at the tyre and rim. Over the next few days, watch for:</p>
<ul>
<li>a tyre that keeps losing pressure;</li>
<li>a new vibration, especially between 80 and 120 km/h;</li>
<li>the steering wheel sitting off-centre when you drive straight;</li>
<li>the car pulling to one side, or new knocking sounds over bumps.</li>
</ul>
<p>Any of these means it's time for a check. We'll inspect the tyres, rims and suspension and check your wheel alignment. <a href="/service">Book a check</a> online or visit any of our dealerships.</p>
<h2>Report it and keep records</h2>
<p>Report dangerous potholes to your municipality or provincial roads authority; many have an app or a dedicated line. If your car is damaged, take photos of the pothole and its location, keep your repair invoices and check whether your insurance includes tyre and rim cover. Some municipalities do consider claims, but the process can be slow and outcomes vary.</p>
<h2>Consider tyre and rim cover</h2>
<p>If you drive on poor roads regularly, or your car has low-profile tyres on large alloy wheels, tyre and rim insurance can pay for itself after a single incident. Ask our finance and insurance team for a quote, or add it when you <a href="/finance">finance your next Honda</a>.</p>`,
    metaTitle: "Pothole Damage: Protecting Tyres and Wheels",
    metaDescription:
      "How potholes damage tyres, rims and suspension, how to drive to avoid them, the warning signs after a hard hit and when to book a wheel alignment check.",
    keywords: null,
  },
  {
    slug: "swartberg-pass-adventure-ride",
    title: "Gravel and history: riding the Swartberg Pass on a Honda adventure bike",
    description:
      "Thomas Bain's Swartberg Pass is one of the great gravel rides in South Africa. Here's how to plan the ride from Oudtshoorn to Prince Albert, and how to set up your bike.",
    publishDate: "2026-08-12",
    author: "Riaan du Plessis",
    theme: "road-trip",
    body: `<p>Some roads are worth a special trip, and the Swartberg Pass is one of them. Completed in 1888 by the great road builder Thomas Bain, it climbs from the Little Karoo near Oudtshoorn over the Swartberg mountains and drops down to the village of Prince Albert on the edge of the Great Karoo. It's gravel all the way over the top, with dry-stone retaining walls, tight hairpins and views that stop you in your tracks.</p>
<p>Last month, a group of us from Honda Wing Cape Town took a mix of <a href="/honda-wing/honda/crf1100l-africa-twin">Africa Twins</a>, <a href="/honda-wing/honda/xl750-transalp">Transalps</a> and a brave <a href="/honda-wing/honda/nx500">NX500</a> over the pass. Here's what we learnt.</p>
<h2>Planning the route</h2>
<p>Most riders approach from Oudtshoorn, past the Cango Caves turn-off, and ride north to Prince Albert. It's a good direction for a first crossing, and Prince Albert, with its cafés and guesthouses, is a lovely place for lunch or an overnight stay.</p>
<ul>
<li><strong>Fuel:</strong> fill up in Oudtshoorn. There's nothing on the pass itself.</li>
<li><strong>Weather:</strong> the pass can close after heavy rain or snow, particularly in winter. Check its status with the local tourism office or recent road reports before you set off.</li>
<li><strong>Return:</strong> you can loop back to the south through Meiringspoort, a spectacular tarred route along the Groot River, making a memorable day ride.</li>
</ul>
<h2>Setting up the bike</h2>
<p>Your adventure bike will cope with the pass comfortably in standard trim, but a few adjustments make the ride more enjoyable:</p>
<ol>
<li><strong>Tyre pressures:</strong> dropping a little pressure improves grip on loose gravel. Follow your tyre manufacturer's guidance, and remember to reinflate before long stretches of tar.</li>
<li><strong>Riding mode:</strong> both the Africa Twin and the Transalp offer gravel riding modes that soften power delivery and adjust traction control. On DCT Africa Twins, the G switch sharpens clutch engagement for better feel on loose surfaces.</li>
<li><strong>Luggage:</strong> keep it light and low. A heavy top box makes the bike feel nervous on corrugations.</li>
</ol>
<h2>Riding the pass</h2>
<p>Stand on the pegs on rougher sections: it lowers your centre of gravity through the bike and lets it move beneath you. Look well ahead through the hairpins rather than at the surface directly in front of your wheel, and keep your braking smooth and early, using the rear brake more than you would on tar.</p>
<blockquote>Ride at a pace where you could stop within the distance you can see. On a gravel pass with blind corners and oncoming cars, that's slower than you think.</blockquote>
<p>Watch for oncoming traffic on the narrow sections, and pull over where the road is wide to let faster vehicles pass. The pass is popular with tourists in hire cars who may not be used to gravel.</p>
<h2>Stop often</h2>
<p>This isn't a road to rush. Stop at the summit for the views over the Great Karoo, and again at the viewpoints on the long, winding descent towards Prince Albert. Take water, a basic tool kit and a puncture repair kit, and ride with at least one friend.</p>
<p>Not confident on gravel yet? Our Riding Academy's Gravel Skills courses are the perfect preparation. Ask at any Honda Wing dealership, or check our <a href="/specials">current specials</a> on adventure bikes.</p>`,
    metaTitle: "Riding the Swartberg Pass on an Adventure Bike",
    metaDescription:
      "Plan a ride over the Swartberg Pass from Oudtshoorn to Prince Albert: route, fuel, weather, tyre pressures and gravel riding tips for Honda adventure bikes.",
    keywords: "Swartberg Pass, adventure riding, Africa Twin, Transalp, gravel riding, Prince Albert",
  },
  {
    slug: "buying-your-first-car-amaze-city-hatch-wr-v",
    title: "Buying your first new car: Amaze, City Hatch or WR-V?",
    description:
      "Three great first cars, three different personalities. We compare Honda's most affordable models on price, space and running costs, with real repayment examples.",
    publishDate: "2026-09-30",
    author: "Ayesha Patel",
    theme: "finance",
    body: `<p>Buying your first new car is a big step, both financially and emotionally. It's also a decision you'll live with for five or six years, so it pays to think beyond the showroom. Honda's three most affordable models each suit a different kind of first-time buyer. Here's how they compare.</p>
<h2>The contenders</h2>
<h3>Honda Amaze: the practical one</h3>
<p>From R289 900, the <a href="/new/honda/amaze">Amaze</a> is the most affordable Honda you can buy, and it's a proper sedan with a 416-litre boot. Its 1.2-litre engine is frugal and reliable, and the rear seat is roomy enough for friends or family. If you want the most car for the least money, start here.</p>
<h3>Honda City Hatch: the all-rounder</h3>
<p>From R349 900, the <a href="/new/honda/city-hatch">City Hatch</a> brings a stronger 1.5-litre engine, a CVT automatic as standard and a flexible hatchback body. It feels like a bigger car on the highway, which matters if you regularly drive between cities.</p>
<h3>Honda WR-V: the crossover</h3>
<p>From R324 900, the <a href="/new/honda/wr-v">WR-V</a> gives you a higher driving position and extra ground clearance. If your route includes gravel roads, steep driveways or aggressive speed humps, it's well worth considering.</p>
<h2>What would it cost each month?</h2>
<p>Here are illustrative figures for the entry-level variant of each model, with a 10% deposit, a 72-month term, no balloon and an interest rate of 12% a year:</p>
<ul>
<li><strong>Amaze 1.2 Trend:</strong> about R5 100 a month</li>
<li><strong>WR-V 1.2 Trend:</strong> about R5 720 a month</li>
<li><strong>City Hatch 1.5 Comfort CVT:</strong> about R6 160 a month</li>
</ul>
<p>Your actual rate depends on your credit record and the bank, and banks add initiation and monthly service fees. Try your own numbers in our <a href="/finance">finance calculator</a>.</p>
<blockquote>A good guide: keep your total car costs, including instalment, insurance and fuel, below about 20% of your take-home pay.</blockquote>
<h2>Don't forget the rest of the budget</h2>
<ul>
<li><strong>Insurance:</strong> premiums for young and newly licensed drivers can be high. Get quotes before you sign, and remember that a financed car must be comprehensively insured.</li>
<li><strong>Fuel:</strong> work out your monthly distance and multiply by realistic consumption, not just the official figure.</li>
<li><strong>Licence and tyres:</strong> budget for the annual licence disc renewal and, after a few years, a set of tyres.</li>
<li><strong>Servicing:</strong> every new Honda comes with a service plan, which takes a big variable cost off the table for the first few years.</li>
</ul>
<h2>Getting approved</h2>
<p>Banks assess your affordability under the National Credit Act. Before you apply, check your credit report for free, settle or reduce small store accounts if you can, and gather three months' bank statements and payslips. A larger deposit also helps, both with approval and with your rate.</p>
<h2>New or nearly new?</h2>
<p>If the numbers don't quite work, a one- or two-year-old Honda can be an excellent alternative. Browse our <a href="/used">used vehicles</a>, many of which still have warranty and service plan remaining, and keep an eye on our <a href="/specials">specials</a> for first-instalment and deposit-assistance offers.</p>`,
    metaTitle: "First Car: Honda Amaze vs City Hatch vs WR-V",
    metaDescription:
      "Buying your first new car? Compare the Honda Amaze, City Hatch and WR-V on price, space and monthly repayments, plus budgeting and finance approval tips.",
    keywords: "first car, Honda Amaze, City Hatch, WR-V, car finance, affordable car",
  },
  {
    slug: "festive-season-long-distance-driving",
    title: "Home for the holidays: a festive-season plan for long-distance driving",
    description:
      "December is the busiest, most dangerous month on South African roads. Our plan for driving the N3, N1 or N2 covers fatigue, timing, loading the car and staying alert.",
    publishDate: "2026-11-18",
    author: "Sipho Ndlovu",
    theme: "road-trip",
    body: `<p>For many of us, December means one thing: the long drive home. Gauteng to the KwaZulu-Natal coast on the N3, up the N1 to Limpopo, or along the N2 to the Eastern Cape. It's also the busiest and most dangerous time on our roads. A little planning makes a real difference to how safely, and how happily, you arrive.</p>
<h2>Pick your day and your time</h2>
<p>The heaviest traffic builds around the start of the school holidays, the weekend before Christmas and the days around New Year. If you can travel a day or two either side of the peak, you'll have a far more relaxed trip.</p>
<p>Leave early, but not so early that you begin the drive already tired. Starting at 05:00 after a good night's sleep is much safer than driving through the night. Plan to finish in daylight: animals, pedestrians and unlit vehicles make night driving on rural roads much riskier.</p>
<h2>Fatigue is the hidden danger</h2>
<p>Tiredness builds slowly, and by the time you notice it your reactions have already slowed. Watch for the warning signs:</p>
<ul>
<li>yawning and heavy eyelids;</li>
<li>drifting across lane markings or onto the shoulder;</li>
<li>not remembering the last few kilometres;</li>
<li>missing road signs or your turn-off.</li>
</ul>
<p>Stop every two hours or 200 km, get out of the car and walk around. Share the driving if you can. If you feel drowsy, a 20-minute nap at a busy, well-lit fuel station is far more effective than coffee alone. Many Hondas have driver-attention monitoring; if yours suggests a break, take it.</p>
<blockquote>Nobody has ever regretted arriving an hour late. Too many people regret trying to arrive an hour early.</blockquote>
<h2>Loading the car</h2>
<ol>
<li>Put heavy bags low and as far forward in the boot as possible.</li>
<li>Don't stack luggage above the rear seatbacks. In a sudden stop, it becomes a projectile.</li>
<li>Use a cargo barrier or net if you're carrying a full load in an SUV.</li>
<li>Adjust tyre pressures for the load, using the placard in the driver's door frame.</li>
<li>If you're towing, check the trailer's lights, tyres, bearings and licence disc, and remember that your braking distances will be longer.</li>
</ol>
<h2>On the road</h2>
<ul>
<li><strong>Keep your distance:</strong> at least three seconds behind the vehicle in front, and more in rain.</li>
<li><strong>Overtake only when it's clearly safe</strong>, and never on a barrier line or approaching a rise.</li>
<li><strong>Budget for tolls</strong>, especially on the N3 and N1, and keep a card or cash handy.</li>
<li><strong>Don't drink and drive.</strong> Full stop. Plan your celebrations for when the car is parked.</li>
<li><strong>Keep the kids busy:</strong> downloaded shows, audiobooks and a bag of snacks within reach of the back seat reduce distractions for the driver.</li>
</ul>
<h2>Before you leave</h2>
<p>Our workshops are busiest in the first two weeks of December, so <a href="/service">book a pre-holiday check</a> now. We'll inspect your tyres, brakes, battery, wipers and fluids, and make sure your car is ready for the trip. Have a look at our <a href="/specials">service deals</a> for holiday-check offers near you.</p>
<p>From all of us at the group, travel safely, and we'll see you in the new year.</p>`,
    metaTitle: "Festive-Season Long-Distance Driving Plan",
    metaDescription:
      "Driving home for December? Plan your trip on the N3, N1 or N2 with our festive-season guide to timing, fatigue, loading the car, towing and safe overtaking.",
    keywords: null,
  },
];
